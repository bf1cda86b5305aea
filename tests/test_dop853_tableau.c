/* test_dop853_tableau.c - the coefficients of src/kernel/dop853.c against the
 * published table of DOP853, bit for bit.
 *
 * The method is J. R. Dormand and P. J. Prince's 8(5,3) pair (P. J. Prince,
 * J. R. Dormand, "High order embedded Runge-Kutta formulae", J. Comput.
 * Appl. Math. 7 (1981) 67-75) in the form of E. Hairer, S. P. Norsett,
 * G. Wanner, Solving Ordinary Differential Equations I, 2nd ed., Springer
 * 1993, Section II.10, with the error estimators of orders 5 and 3 and the
 * continuous extension of order 7 of Hairer's code DOP853. That code
 * publishes every coefficient as a decimal of about 30 significant digits
 * (its table is typed below, with Hairer's names and 1-based stage
 * numbers); only the nodes c_i and a few entries (1/27, 19/512, -9/512,
 * -8.298e-3) have a short exact form there. So:
 *
 *  1. every published decimal is rounded to binary64 by MPFR (round to
 *     nearest, correctly rounded from the decimal string) and compared bit
 *     for bit with the code's constant: a constant changed by one ulp, moved
 *     to another index or dropped fails here;
 *  2. every entry the table does not publish is +0 in the code (no stray
 *     term), and the weights b are row 13 of a (the code's row 12);
 *  3. the nodes c_i are the exact values of the method, (6 - sqrt 6)/67.5,
 *     (6 - sqrt 6)/45, (6 -+ sqrt 6)/30, 1/3, 1/4, 4/13, 127/195, 3/5, 6/7,
 *     1, 1, 1/10, 1/5, 7/9, and a_61 = 1/27, a_71 = 19/512, a_76 = -9/512:
 *     computed at 256 bits, rounded to nearest, equal to the code's doubles;
 *  4. the simplifying conditions that hold for the method, computed at 256
 *     bits from the published decimals: c_i = sum_j a_ij for every stage,
 *     sum_i b_i = 1, sum_i bhh_i = 1, sum_i (b_i - bhat_i) = 0, each within
 *     1e-27 (the decimals carry 30 digits). */
#include "check.h"
#include "dop853.h"

#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <string.h>

#define PREC 256

/* One published coefficient: kind (c node, a matrix, b weight, e = er
 * estimator weight, h = bhh weight, d dense output), code indices (0-based:
 * a[i][j]; for d, row q = 0..3 of d4..d7 and stage j), Hairer's name, the
 * published decimal. */
typedef struct {
    char kind;
    int i, j;
    const char *name, *dec;
} coef;

static const coef PUBLISHED[] = {
    {'c', 0, 1, "c2", "0.526001519587677318785587544488E-01"},
    {'c', 0, 2, "c3", "0.789002279381515978178381316732E-01"},
    {'c', 0, 3, "c4", "0.118350341907227396726757197510E+00"},
    {'c', 0, 4, "c5", "0.281649658092772603273242802490E+00"},
    {'c', 0, 5, "c6", "0.333333333333333333333333333333E+00"},
    {'c', 0, 6, "c7", "0.25E+00"},
    {'c', 0, 7, "c8", "0.307692307692307692307692307692E+00"},
    {'c', 0, 8, "c9", "0.651282051282051282051282051282E+00"},
    {'c', 0, 9, "c10", "0.6E+00"},
    {'c', 0, 10, "c11", "0.857142857142857142857142857142E+00"},
    {'c', 0, 13, "c14", "0.1E+00"},
    {'c', 0, 14, "c15", "0.2E+00"},
    {'c', 0, 15, "c16", "0.777777777777777777777777777778E+00"},
    {'b', 0, 0, "b1", "5.42937341165687622380535766363E-2"},
    {'b', 0, 5, "b6", "4.45031289275240888144113950566E0"},
    {'b', 0, 6, "b7", "1.89151789931450038304281599044E0"},
    {'b', 0, 7, "b8", "-5.8012039600105847814672114227E0"},
    {'b', 0, 8, "b9", "3.1116436695781989440891606237E-1"},
    {'b', 0, 9, "b10", "-1.52160949662516078556178806805E-1"},
    {'b', 0, 10, "b11", "2.01365400804030348374776537501E-1"},
    {'b', 0, 11, "b12", "4.47106157277725905176885569043E-2"},
    {'h', 0, 0, "bhh1", "0.244094488188976377952755905512E+00"},
    {'h', 0, 8, "bhh2", "0.733846688281611857341361741547E+00"},
    {'h', 0, 11, "bhh3", "0.220588235294117647058823529412E-01"},
    {'e', 0, 0, "er1", "0.1312004499419488073250102996E-01"},
    {'e', 0, 5, "er6", "-0.1225156446376204440720569753E+01"},
    {'e', 0, 6, "er7", "-0.4957589496572501915214079952E+00"},
    {'e', 0, 7, "er8", "0.1664377182454986536961530415E+01"},
    {'e', 0, 8, "er9", "-0.3503288487499736816886487290E+00"},
    {'e', 0, 9, "er10", "0.3341791187130174790297318841E+00"},
    {'e', 0, 10, "er11", "0.8192320648511571246570742613E-01"},
    {'e', 0, 11, "er12", "-0.2235530786388629525884427845E-01"},
    {'a', 1, 0, "a21", "5.26001519587677318785587544488E-2"},
    {'a', 2, 0, "a31", "1.97250569845378994544595329183E-2"},
    {'a', 2, 1, "a32", "5.91751709536136983633785987549E-2"},
    {'a', 3, 0, "a41", "2.95875854768068491816892993775E-2"},
    {'a', 3, 2, "a43", "8.87627564304205475450678981324E-2"},
    {'a', 4, 0, "a51", "2.41365134159266685502369798665E-1"},
    {'a', 4, 2, "a53", "-8.84549479328286085344864962717E-1"},
    {'a', 4, 3, "a54", "9.24834003261792003115737966543E-1"},
    {'a', 5, 0, "a61", "3.7037037037037037037037037037E-2"},
    {'a', 5, 3, "a64", "1.70828608729473871279604482173E-1"},
    {'a', 5, 4, "a65", "1.25467687566822425016691814123E-1"},
    {'a', 6, 0, "a71", "3.7109375E-2"},
    {'a', 6, 3, "a74", "1.70252211019544039314978060272E-1"},
    {'a', 6, 4, "a75", "6.02165389804559606850219397283E-2"},
    {'a', 6, 5, "a76", "-1.7578125E-2"},
    {'a', 7, 0, "a81", "3.70920001185047927108779319836E-2"},
    {'a', 7, 3, "a84", "1.70383925712239993810214054705E-1"},
    {'a', 7, 4, "a85", "1.07262030446373284651809199168E-1"},
    {'a', 7, 5, "a86", "-1.53194377486244017527936158236E-2"},
    {'a', 7, 6, "a87", "8.27378916381402288758473766002E-3"},
    {'a', 8, 0, "a91", "6.24110958716075717114429577812E-1"},
    {'a', 8, 3, "a94", "-3.36089262944694129406857109825E0"},
    {'a', 8, 4, "a95", "-8.68219346841726006818189891453E-1"},
    {'a', 8, 5, "a96", "2.75920996994467083049415600797E1"},
    {'a', 8, 6, "a97", "2.01540675504778934086186788979E1"},
    {'a', 8, 7, "a98", "-4.34898841810699588477366255144E1"},
    {'a', 9, 0, "a101", "4.77662536438264365890433908527E-1"},
    {'a', 9, 3, "a104", "-2.48811461997166764192642586468E0"},
    {'a', 9, 4, "a105", "-5.90290826836842996371446475743E-1"},
    {'a', 9, 5, "a106", "2.12300514481811942347288949897E1"},
    {'a', 9, 6, "a107", "1.52792336328824235832596922938E1"},
    {'a', 9, 7, "a108", "-3.32882109689848629194453265587E1"},
    {'a', 9, 8, "a109", "-2.03312017085086261358222928593E-2"},
    {'a', 10, 0, "a111", "-9.3714243008598732571704021658E-1"},
    {'a', 10, 3, "a114", "5.18637242884406370830023853209E0"},
    {'a', 10, 4, "a115", "1.09143734899672957818500254654E0"},
    {'a', 10, 5, "a116", "-8.14978701074692612513997267357E0"},
    {'a', 10, 6, "a117", "-1.85200656599969598641566180701E1"},
    {'a', 10, 7, "a118", "2.27394870993505042818970056734E1"},
    {'a', 10, 8, "a119", "2.49360555267965238987089396762E0"},
    {'a', 10, 9, "a1110", "-3.0467644718982195003823669022E0"},
    {'a', 11, 0, "a121", "2.27331014751653820792359768449E0"},
    {'a', 11, 3, "a124", "-1.05344954667372501984066689879E1"},
    {'a', 11, 4, "a125", "-2.00087205822486249909675718444E0"},
    {'a', 11, 5, "a126", "-1.79589318631187989172765950534E1"},
    {'a', 11, 6, "a127", "2.79488845294199600508499808837E1"},
    {'a', 11, 7, "a128", "-2.85899827713502369474065508674E0"},
    {'a', 11, 8, "a129", "-8.87285693353062954433549289258E0"},
    {'a', 11, 9, "a1210", "1.23605671757943030647266201528E1"},
    {'a', 11, 10, "a1211", "6.43392746015763530355970484046E-1"},
    {'a', 13, 0, "a141", "5.61675022830479523392909219681E-2"},
    {'a', 13, 6, "a147", "2.53500210216624811088794765333E-1"},
    {'a', 13, 7, "a148", "-2.46239037470802489917441475441E-1"},
    {'a', 13, 8, "a149", "-1.24191423263816360469010140626E-1"},
    {'a', 13, 9, "a1410", "1.5329179827876569731206322685E-1"},
    {'a', 13, 10, "a1411", "8.20105229563468988491666602057E-3"},
    {'a', 13, 11, "a1412", "7.56789766054569976138603589584E-3"},
    {'a', 13, 12, "a1413", "-8.298E-3"},
    {'a', 14, 0, "a151", "3.18346481635021405060768473261E-2"},
    {'a', 14, 5, "a156", "2.83009096723667755288322961402E-2"},
    {'a', 14, 6, "a157", "5.35419883074385676223797384372E-2"},
    {'a', 14, 7, "a158", "-5.49237485713909884646569340306E-2"},
    {'a', 14, 10, "a1511", "-1.08347328697249322858509316994E-4"},
    {'a', 14, 11, "a1512", "3.82571090835658412954920192323E-4"},
    {'a', 14, 12, "a1513", "-3.40465008687404560802977114492E-4"},
    {'a', 14, 13, "a1514", "1.41312443674632500278074618366E-1"},
    {'a', 15, 0, "a161", "-4.28896301583791923408573538692E-1"},
    {'a', 15, 5, "a166", "-4.69762141536116384314449447206E0"},
    {'a', 15, 6, "a167", "7.68342119606259904184240953878E0"},
    {'a', 15, 7, "a168", "4.06898981839711007970213554331E0"},
    {'a', 15, 8, "a169", "3.56727187455281109270669543021E-1"},
    {'a', 15, 12, "a1613", "-1.39902416515901462129418009734E-3"},
    {'a', 15, 13, "a1614", "2.9475147891527723389556272149E0"},
    {'a', 15, 14, "a1615", "-9.15095847217987001081870187138E0"},
    {'d', 0, 0, "d41", "-0.84289382761090128651353491142E+01"},
    {'d', 0, 5, "d46", "0.56671495351937776962531783590E+00"},
    {'d', 0, 6, "d47", "-0.30689499459498916912797304727E+01"},
    {'d', 0, 7, "d48", "0.23846676565120698287728149680E+01"},
    {'d', 0, 8, "d49", "0.21170345824450282767155149946E+01"},
    {'d', 0, 9, "d410", "-0.87139158377797299206789907490E+00"},
    {'d', 0, 10, "d411", "0.22404374302607882758541771650E+01"},
    {'d', 0, 11, "d412", "0.63157877876946881815570249290E+00"},
    {'d', 0, 12, "d413", "-0.88990336451333310820698117400E-01"},
    {'d', 0, 13, "d414", "0.18148505520854727256656404962E+02"},
    {'d', 0, 14, "d415", "-0.91946323924783554000451984436E+01"},
    {'d', 0, 15, "d416", "-0.44360363875948939664310572000E+01"},
    {'d', 1, 0, "d51", "0.10427508642579134603413151009E+02"},
    {'d', 1, 5, "d56", "0.24228349177525818288430175319E+03"},
    {'d', 1, 6, "d57", "0.16520045171727028198505394887E+03"},
    {'d', 1, 7, "d58", "-0.37454675472269020279518312152E+03"},
    {'d', 1, 8, "d59", "-0.22113666853125306036270938578E+02"},
    {'d', 1, 9, "d510", "0.77334326684722638389603898808E+01"},
    {'d', 1, 10, "d511", "-0.30674084731089398182061213626E+02"},
    {'d', 1, 11, "d512", "-0.93321305264302278729567221706E+01"},
    {'d', 1, 12, "d513", "0.15697238121770843886131091075E+02"},
    {'d', 1, 13, "d514", "-0.31139403219565177677282850411E+02"},
    {'d', 1, 14, "d515", "-0.93529243588444783865713862664E+01"},
    {'d', 1, 15, "d516", "0.35816841486394083752465898540E+02"},
    {'d', 2, 0, "d61", "0.19985053242002433820987653617E+02"},
    {'d', 2, 5, "d66", "-0.38703730874935176555105901742E+03"},
    {'d', 2, 6, "d67", "-0.18917813819516756882830838328E+03"},
    {'d', 2, 7, "d68", "0.52780815920542364900561016686E+03"},
    {'d', 2, 8, "d69", "-0.11573902539959630126141871134E+02"},
    {'d', 2, 9, "d610", "0.68812326946963000169666922661E+01"},
    {'d', 2, 10, "d611", "-0.10006050966910838403183860980E+01"},
    {'d', 2, 11, "d612", "0.77771377980534432092869265740E+00"},
    {'d', 2, 12, "d613", "-0.27782057523535084065932004339E+01"},
    {'d', 2, 13, "d614", "-0.60196695231264120758267380846E+02"},
    {'d', 2, 14, "d615", "0.84320405506677161018159903784E+02"},
    {'d', 2, 15, "d616", "0.11992291136182789328035130030E+02"},
    {'d', 3, 0, "d71", "-0.25693933462703749003312586129E+02"},
    {'d', 3, 5, "d76", "-0.15418974869023643374053993627E+03"},
    {'d', 3, 6, "d77", "-0.23152937917604549567536039109E+03"},
    {'d', 3, 7, "d78", "0.35763911791061412378285349910E+03"},
    {'d', 3, 8, "d79", "0.93405324183624310003907691704E+02"},
    {'d', 3, 9, "d710", "-0.37458323136451633156875139351E+02"},
    {'d', 3, 10, "d711", "0.10409964950896230045147246184E+03"},
    {'d', 3, 11, "d712", "0.29840293426660503123344363579E+02"},
    {'d', 3, 12, "d713", "-0.43533456590011143754432175058E+02"},
    {'d', 3, 13, "d714", "0.96324553959188282948394950600E+02"},
    {'d', 3, 14, "d715", "-0.39177261675615439165231486172E+02"},
    {'d', 3, 15, "d716", "-0.14972683625798562581422125276E+03"},
};
enum { NPUB = sizeof PUBLISHED / sizeof PUBLISHED[0] };

static const double *code_value(const dop853_tableau *T, const coef *c)
{
    switch (c->kind) {
    case 'c': return &T->c[c->j];
    case 'a': return &T->a[c->i][c->j];
    case 'b': return &T->b[c->j];
    case 'e': return &T->e5[c->j];
    case 'h': return &T->bhh[c->j];
    default:  return &T->d[c->i][c->j];
    }
}

static int same_bits(double x, double y)
{
    return memcmp(&x, &y, sizeof x) == 0;
}

/* the published decimal rounded to nearest binary64 (correctly rounded by
   MPFR straight from the string) */
static double published_double(const char *dec)
{
    mpfr_t x;
    mpfr_init2(x, 53);
    if (mpfr_set_str(x, dec, 10, MPFR_RNDN) != 0)
        fprintf(stderr, "bad decimal %s\n", dec);
    double d = mpfr_get_d(x, MPFR_RNDN); /* exact: x has 53 bits */
    mpfr_clear(x);
    return d;
}

static void check_published(const dop853_tableau *T)
{
    int bad = 0;
    for (int k = 0; k < NPUB; k++) {
        const coef *c = &PUBLISHED[k];
        double want = published_double(c->dec), got = *code_value(T, c);
        if (!same_bits(got, want)) {
            printf("  %s: code %a, published %s rounds to %a\n", c->name, got,
                   c->dec, want);
            bad++;
        }
    }
    char name[96];
    snprintf(name, sizeof name,
             "%d published coefficients equal the code's, bit for bit", NPUB);
    check_true(bad == 0, name);
}

/* is (kind, i, j) published? */
static int published(char kind, int i, int j)
{
    for (int k = 0; k < NPUB; k++)
        if (PUBLISHED[k].kind == kind && PUBLISHED[k].i == i &&
            PUBLISHED[k].j == j)
            return 1;
    return 0;
}

static void check_zeros(const dop853_tableau *T)
{
    int bad = 0;
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++) {
            double v = T->a[i][j];
            if (i == 12) /* the code's row 12 holds the weights b */
                bad += j < 12 ? !same_bits(v, T->b[j]) : !same_bits(v, 0.0);
            else if (!published('a', i, j) && !same_bits(v, 0.0)) {
                printf("  a[%d][%d] = %a is not in the table\n", i, j, v);
                bad++;
            }
        }
    for (int j = 0; j < 12; j++) {
        bad += !published('b', 0, j) && !same_bits(T->b[j], 0.0);
        bad += !published('e', 0, j) && !same_bits(T->e5[j], 0.0);
        bad += !published('h', 0, j) && !same_bits(T->bhh[j], 0.0);
    }
    for (int q = 0; q < 4; q++)
        for (int j = 0; j < 16; j++)
            bad += !published('d', q, j) && !same_bits(T->d[q][j], 0.0);
    bad += !same_bits(T->c[0], 0.0) + !same_bits(T->c[11], 1.0) +
           !same_bits(T->c[12], 1.0);
    check_true(bad == 0, "unpublished entries are +0, b is row 12 of a, "
                         "c_1 = 0, c_12 = c_13 = 1");
}

/* the node or entry given exactly as (p + q sqrt 6) / r, rounded to nearest */
static double exact_double(double p, double q, double r)
{
    mpfr_t x, s;
    mpfr_inits2(PREC, x, s, (mpfr_ptr)0);
    mpfr_sqrt_ui(s, 6, MPFR_RNDN);
    mpfr_mul_d(s, s, q, MPFR_RNDN);
    mpfr_add_d(x, s, p, MPFR_RNDN);
    mpfr_div_d(x, x, r, MPFR_RNDN);
    double d = mpfr_get_d(x, MPFR_RNDN);
    mpfr_clears(x, s, (mpfr_ptr)0);
    return d;
}

static void check_exact(const dop853_tableau *T)
{
    /* c_i (code index) = (p + q sqrt 6) / r */
    static const struct { int i; double p, q, r; } C[] = {
        {1, 6, -1, 67.5}, {2, 6, -1, 45}, {3, 6, -1, 30}, {4, 6, 1, 30},
        {5, 1, 0, 3},     {6, 1, 0, 4},   {7, 4, 0, 13},  {8, 127, 0, 195},
        {9, 3, 0, 5},     {10, 6, 0, 7},  {11, 1, 0, 1},  {12, 1, 0, 1},
        {13, 1, 0, 10},   {14, 1, 0, 5},  {15, 7, 0, 9},
    };
    int bad = 0;
    for (size_t k = 0; k < sizeof C / sizeof C[0]; k++) {
        double want = exact_double(C[k].p, C[k].q, C[k].r);
        if (!same_bits(T->c[C[k].i], want)) {
            printf("  c[%d] = %a, exact value rounds to %a\n", C[k].i,
                   T->c[C[k].i], want);
            bad++;
        }
    }
    bad += !same_bits(T->a[5][0], exact_double(1, 0, 27));
    bad += !same_bits(T->a[6][0], exact_double(19, 0, 512));
    bad += !same_bits(T->a[6][5], exact_double(-9, 0, 512));
    check_true(bad == 0, "nodes c_i and a_61, a_71, a_76 are their exact "
                         "values rounded to nearest");
}

/* sum of the published decimals of one kind and row (i for a, q for d) at
   PREC bits, minus target */
static double row_sum_minus(char kind, int i, double target)
{
    mpfr_t acc, x;
    mpfr_inits2(PREC, acc, x, (mpfr_ptr)0);
    mpfr_set_d(acc, -target, MPFR_RNDN);
    for (int k = 0; k < NPUB; k++)
        if (PUBLISHED[k].kind == kind && (kind != 'a' || PUBLISHED[k].i == i)) {
            mpfr_set_str(x, PUBLISHED[k].dec, 10, MPFR_RNDN);
            mpfr_add(acc, acc, x, MPFR_RNDN);
        }
    double d = mpfr_get_d(acc, MPFR_RNDN);
    mpfr_clears(acc, x, (mpfr_ptr)0);
    return d;
}

static void check_row_sums(void)
{
    int bad = 0;
    double worst = 0.0;
    /* c_i = sum_j a_ij, the node c_i computed exactly */
    static const struct { int i; double p, q, r; } C[] = {
        {1, 6, -1, 67.5}, {2, 6, -1, 45}, {3, 6, -1, 30}, {4, 6, 1, 30},
        {5, 1, 0, 3},     {6, 1, 0, 4},   {7, 4, 0, 13},  {8, 127, 0, 195},
        {9, 3, 0, 5},     {10, 6, 0, 7},  {11, 1, 0, 1},
        {13, 1, 0, 10},   {14, 1, 0, 5},  {15, 7, 0, 9},
    };
    for (size_t k = 0; k < sizeof C / sizeof C[0]; k++) {
        mpfr_t acc, x, s;
        mpfr_inits2(PREC, acc, x, s, (mpfr_ptr)0);
        mpfr_sqrt_ui(s, 6, MPFR_RNDN);
        mpfr_mul_d(s, s, C[k].q, MPFR_RNDN);
        mpfr_add_d(acc, s, C[k].p, MPFR_RNDN);
        mpfr_div_d(acc, acc, C[k].r, MPFR_RNDN);
        mpfr_neg(acc, acc, MPFR_RNDN);
        for (int m = 0; m < NPUB; m++)
            if (PUBLISHED[m].kind == 'a' && PUBLISHED[m].i == C[k].i) {
                mpfr_set_str(x, PUBLISHED[m].dec, 10, MPFR_RNDN);
                mpfr_add(acc, acc, x, MPFR_RNDN);
            }
        double d = fabs(mpfr_get_d(acc, MPFR_RNDN));
        mpfr_clears(acc, x, s, (mpfr_ptr)0);
        if (d > worst)
            worst = d;
        if (!(d <= 1e-27)) {
            printf("  row %d: sum_j a_ij - c_i = %g\n", C[k].i + 1, d);
            bad++;
        }
    }
    printf("  largest |sum_j a_ij - c_i| = %.3g\n", worst);
    check_true(bad == 0, "c_i = sum_j a_ij within 1e-27 for all 14 rows");
    double sb = row_sum_minus('b', 0, 1.0), sh = row_sum_minus('h', 0, 1.0),
           se = row_sum_minus('e', 0, 0.0);
    printf("  sum b - 1 = %.3g, sum bhh - 1 = %.3g, sum er = %.3g\n", sb, sh,
           se);
    check_true(fabs(sb) <= 1e-27, "sum_i b_i = 1 within 1e-27");
    check_true(fabs(sh) <= 1e-27, "sum_i bhh_i = 1 within 1e-27");
    check_true(fabs(se) <= 1e-27, "sum_i (b_i - bhat_i) = 0 within 1e-27");
}

/* the check of item 1 notices a change of one ulp: each code constant's
   neighbours differ from the published rounding */
static void check_sensitivity(const dop853_tableau *T)
{
    int caught = 0;
    for (int k = 0; k < NPUB; k++) {
        double want = published_double(PUBLISHED[k].dec);
        double v = *code_value(T, &PUBLISHED[k]);
        caught += !same_bits(nextafter(v, 1e300), want) &&
                  !same_bits(nextafter(v, -1e300), want);
    }
    check_true(caught == NPUB, "a change of one ulp of any constant is seen");
}

int main(void)
{
    const dop853_tableau *T = dop853_coefficients();
    check_published(T);
    check_zeros(T);
    check_exact(T);
    check_row_sums();
    check_sensitivity(T);
    return check_summary("test_dop853_tableau");
}
