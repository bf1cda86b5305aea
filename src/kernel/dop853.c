/* dop853.c - the Runge-Kutta pair DOP853 of Dormand and Prince: order 8,
 * error estimators of orders 5 and 3, continuous extension of order 7.
 * See dop853.h.  Reference: E. Hairer, S. P. Norsett, G. Wanner, Solving
 * Ordinary Differential Equations I, 2nd ed., Springer 1993, Section II.10
 * (the method, its error estimate and dense output), Section II.4 (step
 * size control and the starting step size), and Hairer's published
 * coefficient tables of DOP853.
 *
 * Numbering of stages (0-based, as in dop853.h): k[0] = f0, k[1..11] the
 * stages 2..12 of the book, k[12] = f1 = f(t0 + h, y1) (13th evaluation,
 * first stage of the next step), k[13..15] the stages 14..16 of the
 * continuous extension. */
#include "dop853.h"
#include "finite.h"
#include "fminmax.h"

#include <float.h>
#include <math.h>

/* The arguments of the latest call of the right-hand side (ghost: they
 * exist for the contracts only, see dop853.h). */
/*@ ghost double dop853_rhs_t;
  @   double dop853_rhs_y[COLLIDE_NY_MAX], dop853_stage_t[16];
  @*/

/* Number of stages of the step proper (the book's s = 12) and index of the
 * row of a[][] that holds the weights b (the FSAL stage 13). */
enum { N_STAGES = 12, ROW_B = 12, N_DENSE = 16 };

/* ------------------------------------------------------------------ */
/* Coefficients: Hairer's published table of DOP853 (30 significant digits;
 * each literal rounds to the nearest double; tests/test_dop853_tableau.c
 * checks them). The step below uses the named constants directly, one
 * function per stage, so that each stage is the binary64 expression of
 * spec/dop853_method.acsl; TABLEAU exposes the same values to tests.    */
/* ------------------------------------------------------------------ */
/* The published decimals (Hairer's names, 1-based stage numbers; see
 * spec/dop853_tableau.acsl, whose constants are these literals). */
#define C_1 0.0
#define C_2 0.526001519587677318785587544488e-01
#define C_3 0.789002279381515978178381316732e-01
#define C_4 0.118350341907227396726757197510e+00
#define C_5 0.281649658092772603273242802490e+00
#define C_6 0.333333333333333333333333333333e+00
#define C_7 0.25e+00
#define C_8 0.307692307692307692307692307692e+00
#define C_9 0.651282051282051282051282051282e+00
#define C_10 0.6e+00
#define C_11 0.857142857142857142857142857142e+00
#define C_12 1.0
#define C_13 1.0
#define C_14 0.1e+00
#define C_15 0.2e+00
#define C_16 0.777777777777777777777777777778e+00
#define A_2_1 5.26001519587677318785587544488e-2
#define A_3_1 1.97250569845378994544595329183e-2
#define A_3_2 5.91751709536136983633785987549e-2
#define A_4_1 2.95875854768068491816892993775e-2
#define A_4_3 8.87627564304205475450678981324e-2
#define A_5_1 2.41365134159266685502369798665e-1
#define A_5_3 -8.84549479328286085344864962717e-1
#define A_5_4 9.24834003261792003115737966543e-1
#define A_6_1 3.7037037037037037037037037037e-2
#define A_6_4 1.70828608729473871279604482173e-1
#define A_6_5 1.25467687566822425016691814123e-1
#define A_7_1 3.7109375e-2
#define A_7_4 1.70252211019544039314978060272e-1
#define A_7_5 6.02165389804559606850219397283e-2
#define A_7_6 -1.7578125e-2
#define A_8_1 3.70920001185047927108779319836e-2
#define A_8_4 1.70383925712239993810214054705e-1
#define A_8_5 1.07262030446373284651809199168e-1
#define A_8_6 -1.53194377486244017527936158236e-2
#define A_8_7 8.27378916381402288758473766002e-3
#define A_9_1 6.24110958716075717114429577812e-1
#define A_9_4 -3.36089262944694129406857109825e0
#define A_9_5 -8.68219346841726006818189891453e-1
#define A_9_6 2.75920996994467083049415600797e1
#define A_9_7 2.01540675504778934086186788979e1
#define A_9_8 -4.34898841810699588477366255144e1
#define A_10_1 4.77662536438264365890433908527e-1
#define A_10_4 -2.48811461997166764192642586468e0
#define A_10_5 -5.90290826836842996371446475743e-1
#define A_10_6 2.12300514481811942347288949897e1
#define A_10_7 1.52792336328824235832596922938e1
#define A_10_8 -3.32882109689848629194453265587e1
#define A_10_9 -2.03312017085086261358222928593e-2
#define A_11_1 -9.3714243008598732571704021658e-1
#define A_11_4 5.18637242884406370830023853209e0
#define A_11_5 1.09143734899672957818500254654e0
#define A_11_6 -8.14978701074692612513997267357e0
#define A_11_7 -1.85200656599969598641566180701e1
#define A_11_8 2.27394870993505042818970056734e1
#define A_11_9 2.49360555267965238987089396762e0
#define A_11_10 -3.0467644718982195003823669022e0
#define A_12_1 2.27331014751653820792359768449e0
#define A_12_4 -1.05344954667372501984066689879e1
#define A_12_5 -2.00087205822486249909675718444e0
#define A_12_6 -1.79589318631187989172765950534e1
#define A_12_7 2.79488845294199600508499808837e1
#define A_12_8 -2.85899827713502369474065508674e0
#define A_12_9 -8.87285693353062954433549289258e0
#define A_12_10 1.23605671757943030647266201528e1
#define A_12_11 6.43392746015763530355970484046e-1
#define A_14_1 5.61675022830479523392909219681e-2
#define A_14_7 2.53500210216624811088794765333e-1
#define A_14_8 -2.46239037470802489917441475441e-1
#define A_14_9 -1.24191423263816360469010140626e-1
#define A_14_10 1.5329179827876569731206322685e-1
#define A_14_11 8.20105229563468988491666602057e-3
#define A_14_12 7.56789766054569976138603589584e-3
#define A_14_13 -8.298e-3
#define A_15_1 3.18346481635021405060768473261e-2
#define A_15_6 2.83009096723667755288322961402e-2
#define A_15_7 5.35419883074385676223797384372e-2
#define A_15_8 -5.49237485713909884646569340306e-2
#define A_15_11 -1.08347328697249322858509316994e-4
#define A_15_12 3.82571090835658412954920192323e-4
#define A_15_13 -3.40465008687404560802977114492e-4
#define A_15_14 1.41312443674632500278074618366e-1
#define A_16_1 -4.28896301583791923408573538692e-1
#define A_16_6 -4.69762141536116384314449447206e0
#define A_16_7 7.68342119606259904184240953878e0
#define A_16_8 4.06898981839711007970213554331e0
#define A_16_9 3.56727187455281109270669543021e-1
#define A_16_13 -1.39902416515901462129418009734e-3
#define A_16_14 2.9475147891527723389556272149e0
#define A_16_15 -9.15095847217987001081870187138e0
#define B_1 5.42937341165687622380535766363e-2
#define B_6 4.45031289275240888144113950566e0
#define B_7 1.89151789931450038304281599044e0
#define B_8 -5.8012039600105847814672114227e0
#define B_9 3.1116436695781989440891606237e-1
#define B_10 -1.52160949662516078556178806805e-1
#define B_11 2.01365400804030348374776537501e-1
#define B_12 4.47106157277725905176885569043e-2
#define ER_1 0.1312004499419488073250102996e-01
#define ER_6 -0.1225156446376204440720569753e+01
#define ER_7 -0.4957589496572501915214079952e+00
#define ER_8 0.1664377182454986536961530415e+01
#define ER_9 -0.3503288487499736816886487290e+00
#define ER_10 0.3341791187130174790297318841e+00
#define ER_11 0.8192320648511571246570742613e-01
#define ER_12 -0.2235530786388629525884427845e-01
#define BHH_1 0.244094488188976377952755905512e+00
#define BHH_2 0.733846688281611857341361741547e+00
#define BHH_3 0.220588235294117647058823529412e-01
#define D_4_1 -0.84289382761090128651353491142e+01
#define D_4_6 0.56671495351937776962531783590e+00
#define D_4_7 -0.30689499459498916912797304727e+01
#define D_4_8 0.23846676565120698287728149680e+01
#define D_4_9 0.21170345824450282767155149946e+01
#define D_4_10 -0.87139158377797299206789907490e+00
#define D_4_11 0.22404374302607882758541771650e+01
#define D_4_12 0.63157877876946881815570249290e+00
#define D_4_13 -0.88990336451333310820698117400e-01
#define D_4_14 0.18148505520854727256656404962e+02
#define D_4_15 -0.91946323924783554000451984436e+01
#define D_4_16 -0.44360363875948939664310572000e+01
#define D_5_1 0.10427508642579134603413151009e+02
#define D_5_6 0.24228349177525818288430175319e+03
#define D_5_7 0.16520045171727028198505394887e+03
#define D_5_8 -0.37454675472269020279518312152e+03
#define D_5_9 -0.22113666853125306036270938578e+02
#define D_5_10 0.77334326684722638389603898808e+01
#define D_5_11 -0.30674084731089398182061213626e+02
#define D_5_12 -0.93321305264302278729567221706e+01
#define D_5_13 0.15697238121770843886131091075e+02
#define D_5_14 -0.31139403219565177677282850411e+02
#define D_5_15 -0.93529243588444783865713862664e+01
#define D_5_16 0.35816841486394083752465898540e+02
#define D_6_1 0.19985053242002433820987653617e+02
#define D_6_6 -0.38703730874935176555105901742e+03
#define D_6_7 -0.18917813819516756882830838328e+03
#define D_6_8 0.52780815920542364900561016686e+03
#define D_6_9 -0.11573902539959630126141871134e+02
#define D_6_10 0.68812326946963000169666922661e+01
#define D_6_11 -0.10006050966910838403183860980e+01
#define D_6_12 0.77771377980534432092869265740e+00
#define D_6_13 -0.27782057523535084065932004339e+01
#define D_6_14 -0.60196695231264120758267380846e+02
#define D_6_15 0.84320405506677161018159903784e+02
#define D_6_16 0.11992291136182789328035130030e+02
#define D_7_1 -0.25693933462703749003312586129e+02
#define D_7_6 -0.15418974869023643374053993627e+03
#define D_7_7 -0.23152937917604549567536039109e+03
#define D_7_8 0.35763911791061412378285349910e+03
#define D_7_9 0.93405324183624310003907691704e+02
#define D_7_10 -0.37458323136451633156875139351e+02
#define D_7_11 0.10409964950896230045147246184e+03
#define D_7_12 0.29840293426660503123344363579e+02
#define D_7_13 -0.43533456590011143754432175058e+02
#define D_7_14 0.96324553959188282948394950600e+02
#define D_7_15 -0.39177261675615439165231486172e+02
#define D_7_16 -0.14972683625798562581422125276e+03

static const dop853_tableau TABLEAU = {
    .c = {
        C_1,
        C_2,
        C_3,
        C_4,
        C_5,
        C_6,
        C_7,
        C_8,
        C_9,
        C_10,
        C_11,
        C_12,
        C_13,
        C_14,
        C_15,
        C_16,
    },
    .a[1][0] = A_2_1,
    .a[2][0] = A_3_1,
    .a[2][1] = A_3_2,
    .a[3][0] = A_4_1,
    .a[3][2] = A_4_3,
    .a[4][0] = A_5_1,
    .a[4][2] = A_5_3,
    .a[4][3] = A_5_4,
    .a[5][0] = A_6_1,
    .a[5][3] = A_6_4,
    .a[5][4] = A_6_5,
    .a[6][0] = A_7_1,
    .a[6][3] = A_7_4,
    .a[6][4] = A_7_5,
    .a[6][5] = A_7_6,
    .a[7][0] = A_8_1,
    .a[7][3] = A_8_4,
    .a[7][4] = A_8_5,
    .a[7][5] = A_8_6,
    .a[7][6] = A_8_7,
    .a[8][0] = A_9_1,
    .a[8][3] = A_9_4,
    .a[8][4] = A_9_5,
    .a[8][5] = A_9_6,
    .a[8][6] = A_9_7,
    .a[8][7] = A_9_8,
    .a[9][0] = A_10_1,
    .a[9][3] = A_10_4,
    .a[9][4] = A_10_5,
    .a[9][5] = A_10_6,
    .a[9][6] = A_10_7,
    .a[9][7] = A_10_8,
    .a[9][8] = A_10_9,
    .a[10][0] = A_11_1,
    .a[10][3] = A_11_4,
    .a[10][4] = A_11_5,
    .a[10][5] = A_11_6,
    .a[10][6] = A_11_7,
    .a[10][7] = A_11_8,
    .a[10][8] = A_11_9,
    .a[10][9] = A_11_10,
    .a[11][0] = A_12_1,
    .a[11][3] = A_12_4,
    .a[11][4] = A_12_5,
    .a[11][5] = A_12_6,
    .a[11][6] = A_12_7,
    .a[11][7] = A_12_8,
    .a[11][8] = A_12_9,
    .a[11][9] = A_12_10,
    .a[11][10] = A_12_11,
    .a[12][0] = B_1,
    .a[12][5] = B_6,
    .a[12][6] = B_7,
    .a[12][7] = B_8,
    .a[12][8] = B_9,
    .a[12][9] = B_10,
    .a[12][10] = B_11,
    .a[12][11] = B_12,
    .a[13][0] = A_14_1,
    .a[13][6] = A_14_7,
    .a[13][7] = A_14_8,
    .a[13][8] = A_14_9,
    .a[13][9] = A_14_10,
    .a[13][10] = A_14_11,
    .a[13][11] = A_14_12,
    .a[13][12] = A_14_13,
    .a[14][0] = A_15_1,
    .a[14][5] = A_15_6,
    .a[14][6] = A_15_7,
    .a[14][7] = A_15_8,
    .a[14][10] = A_15_11,
    .a[14][11] = A_15_12,
    .a[14][12] = A_15_13,
    .a[14][13] = A_15_14,
    .a[15][0] = A_16_1,
    .a[15][5] = A_16_6,
    .a[15][6] = A_16_7,
    .a[15][7] = A_16_8,
    .a[15][8] = A_16_9,
    .a[15][12] = A_16_13,
    .a[15][13] = A_16_14,
    .a[15][14] = A_16_15,
    .b = {B_1, 0.0, 0.0, 0.0, 0.0, B_6, B_7, B_8, B_9, B_10, B_11, B_12},
    .e5 = {ER_1, 0.0, 0.0, 0.0, 0.0, ER_6, ER_7, ER_8, ER_9, ER_10, ER_11, ER_12},
    .bhh = {BHH_1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, BHH_2, 0.0, 0.0, BHH_3},
    .d = {
        {D_4_1, 0.0, 0.0, 0.0, 0.0, D_4_6, D_4_7, D_4_8, D_4_9, D_4_10, D_4_11, D_4_12, D_4_13, D_4_14, D_4_15, D_4_16},
        {D_5_1, 0.0, 0.0, 0.0, 0.0, D_5_6, D_5_7, D_5_8, D_5_9, D_5_10, D_5_11, D_5_12, D_5_13, D_5_14, D_5_15, D_5_16},
        {D_6_1, 0.0, 0.0, 0.0, 0.0, D_6_6, D_6_7, D_6_8, D_6_9, D_6_10, D_6_11, D_6_12, D_6_13, D_6_14, D_6_15, D_6_16},
        {D_7_1, 0.0, 0.0, 0.0, 0.0, D_7_6, D_7_7, D_7_8, D_7_9, D_7_10, D_7_11, D_7_12, D_7_13, D_7_14, D_7_15, D_7_16},
    },
};

const dop853_tableau *dop853_coefficients(void)
{
    return &TABLEAU;
}

/* ------------------------------------------------------------------ */
/* The calls out of this module                                       */
/* ------------------------------------------------------------------ */

/* The right-hand side, called only here. The contract is what the proof
 * assumes of every ode_rhs (see dop853.h); the body is not proved (WP
 * cannot check a call through a pointer, nor that f is a valid function
 * pointer). Every caller passes arrays of COLLIDE_NY_MAX doubles. */
/*@ requires y: \valid_read(y + (0 .. COLLIDE_NY_MAX - 1));
  @ requires dy: \valid(dy + (0 .. COLLIDE_NY_MAX - 1));
  @ requires separated:
  @   \separated(y + (0 .. COLLIDE_NY_MAX - 1), dy + (0 .. COLLIDE_NY_MAX - 1));
  @ assigns dy[0 .. COLLIDE_NY_MAX - 1], dop853_rhs_t,
  @   dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1];
  @ ensures time: dop853_rhs_t \in {t};
  @ ensures state: \forall integer m; 0 <= m < COLLIDE_NY_MAX ==>
  @   dop853_rhs_y[m] \in {\old(y[m])};
  @*/
static void dop853_call_rhs(ode_rhs f, void *ctx, double t, const double *y,
                            double *dy)
{
    /*@ ghost
      @ dop853_rhs_t = t;
      @ for (int m = 0; m < COLLIDE_NY_MAX; m++)
      @     dop853_rhs_y[m] = y[m];
      @*/
    f(ctx, t, y, dy);
}

/* libm. Their bodies are not proved; their contracts are assumptions:
 * no side effect on the program's memory, |x| exactly for fabs, the
 * abstract values sqrt_rn and pow_rn of spec/derived.acsl for sqrt and
 * pow (as derived_sqrt and derived_pow), the bounds of fmax and fmin.
 * Frama-C's own math.h contracts are not used (they equate doubles with
 * real results). sqrt and pow may set errno on a domain or range error
 * (not for the arguments given here: >= 0, +inf or NaN); collide never
 * reads errno after them. */
/*@ assigns \nothing;
  @ ensures abs: !\is_NaN(x) ==> \result \in {dop853_abs(x)};
  @*/
static double dop853_fabs(double x) { return fabs(x); }

/* fmax and fmin as C11 F.10.9.2-3 define them: the larger (smaller) of two
 * numbers, a NaN argument treated as missing data. */
/*@ assigns \nothing;
  @ ensures ge_x: !\is_NaN(x) ==> \le_double(x, \result);
  @ ensures ge_y: !\is_NaN(y) ==> \le_double(y, \result);
  @ ensures either: !\is_NaN(x) && !\is_NaN(y) ==>
  @   \eq_double(\result, x) || \eq_double(\result, y);
  @ ensures nan_x: \is_NaN(x) && !\is_NaN(y) ==> \eq_double(\result, y);
  @ ensures nan_y: !\is_NaN(x) && \is_NaN(y) ==> \eq_double(\result, x);
  @*/
static double dop853_fmax(double x, double y) { return fmax(x, y); }

/*@ assigns \nothing;
  @ ensures le_x: !\is_NaN(x) ==> \le_double(\result, x);
  @ ensures le_y: !\is_NaN(y) ==> \le_double(\result, y);
  @ ensures either: !\is_NaN(x) && !\is_NaN(y) ==>
  @   \eq_double(\result, x) || \eq_double(\result, y);
  @ ensures nan_x: \is_NaN(x) && !\is_NaN(y) ==> \eq_double(\result, y);
  @ ensures nan_y: !\is_NaN(x) && \is_NaN(y) ==> \eq_double(\result, x);
  @*/
static double dop853_fmin(double x, double y) { return fmin(x, y); }

/*@ assigns \nothing;
  @ ensures value: \result \in {sqrt_rn(x)};
  @*/
static double dop853_sqrt(double x) { return sqrt(x); }

/*@ assigns \nothing;
  @ ensures value: \result \in {pow_rn(x, y)};
  @*/
static double dop853_pow(double x, double y) { return pow(x, y); }


/* dst[0 .. n-1] = src[0 .. n-1], component by component (dst may be src;
 * the contract states the copy for separated arrays). */
/*@ requires dim: 0 <= n;
  @ requires dst: \valid(dst + (0 .. n - 1));
  @ requires src: \valid_read(src + (0 .. n - 1));
  @ assigns dst[0 .. n - 1];
  @ behavior copy:
  @   assumes \separated(dst + (0 .. n - 1), src + (0 .. n - 1));
  @   ensures copy: \forall integer i; 0 <= i < n ==> dst[i] \in {\old(src[i])};
  @*/
static void copy_vec(int n, double *dst, const double *src)
{
    /*@ loop invariant range: 0 <= m <= n;
      @ for copy: loop invariant copy: \forall integer i; 0 <= i < m ==>
      @   dst[i] \in {\at(src[i], Pre)};
      @ loop assigns m, dst[0 .. n - 1];
      @ loop variant n - m;
      @*/
    for (int m = 0; m < n; m++)
        dst[m] = src[m];
}

/* ------------------------------------------------------------------ */
/* One step                                                            */
/* ------------------------------------------------------------------ */

/* The argument of stage 1 (Hairer's 2), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage1(s->y0[m], s->h,
  @   s->k[0][m]);
  @*/
static double stage1(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_2_1 * s->k[0][m]);
}

/* The argument of stage 2 (Hairer's 3), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage2(s->y0[m], s->h,
  @   s->k[0][m], s->k[1][m]);
  @*/
static double stage2(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_3_1 * s->k[0][m] +
        A_3_2 * s->k[1][m]);
}

/* The argument of stage 3 (Hairer's 4), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage3(s->y0[m], s->h,
  @   s->k[0][m], s->k[2][m]);
  @*/
static double stage3(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_4_1 * s->k[0][m] +
        A_4_3 * s->k[2][m]);
}

/* The argument of stage 4 (Hairer's 5), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage4(s->y0[m], s->h,
  @   s->k[0][m], s->k[2][m], s->k[3][m]);
  @*/
static double stage4(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_5_1 * s->k[0][m] +
        A_5_3 * s->k[2][m] +
        A_5_4 * s->k[3][m]);
}

/* The argument of stage 5 (Hairer's 6), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage5(s->y0[m], s->h,
  @   s->k[0][m], s->k[3][m], s->k[4][m]);
  @*/
static double stage5(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_6_1 * s->k[0][m] +
        A_6_4 * s->k[3][m] +
        A_6_5 * s->k[4][m]);
}

/* The argument of stage 6 (Hairer's 7), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage6(s->y0[m], s->h,
  @   s->k[0][m], s->k[3][m], s->k[4][m], s->k[5][m]);
  @*/
static double stage6(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_7_1 * s->k[0][m] +
        A_7_4 * s->k[3][m] +
        A_7_5 * s->k[4][m] +
        A_7_6 * s->k[5][m]);
}

/* The argument of stage 7 (Hairer's 8), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage7(s->y0[m], s->h,
  @   s->k[0][m], s->k[3][m], s->k[4][m], s->k[5][m], s->k[6][m]);
  @*/
static double stage7(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_8_1 * s->k[0][m] +
        A_8_4 * s->k[3][m] +
        A_8_5 * s->k[4][m] +
        A_8_6 * s->k[5][m] +
        A_8_7 * s->k[6][m]);
}

/* The argument of stage 8 (Hairer's 9), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage8(s->y0[m], s->h,
  @   s->k[0][m], s->k[3][m], s->k[4][m], s->k[5][m], s->k[6][m],
  @   s->k[7][m]);
  @*/
static double stage8(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_9_1 * s->k[0][m] +
        A_9_4 * s->k[3][m] +
        A_9_5 * s->k[4][m] +
        A_9_6 * s->k[5][m] +
        A_9_7 * s->k[6][m] +
        A_9_8 * s->k[7][m]);
}

/* The argument of stage 9 (Hairer's 10), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage9(s->y0[m], s->h,
  @   s->k[0][m], s->k[3][m], s->k[4][m], s->k[5][m], s->k[6][m],
  @   s->k[7][m], s->k[8][m]);
  @*/
static double stage9(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_10_1 * s->k[0][m] +
        A_10_4 * s->k[3][m] +
        A_10_5 * s->k[4][m] +
        A_10_6 * s->k[5][m] +
        A_10_7 * s->k[6][m] +
        A_10_8 * s->k[7][m] +
        A_10_9 * s->k[8][m]);
}

/* The argument of stage 10 (Hairer's 11), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage10(s->y0[m], s->h,
  @   s->k[0][m], s->k[3][m], s->k[4][m], s->k[5][m], s->k[6][m],
  @   s->k[7][m], s->k[8][m], s->k[9][m]);
  @*/
static double stage10(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_11_1 * s->k[0][m] +
        A_11_4 * s->k[3][m] +
        A_11_5 * s->k[4][m] +
        A_11_6 * s->k[5][m] +
        A_11_7 * s->k[6][m] +
        A_11_8 * s->k[7][m] +
        A_11_9 * s->k[8][m] +
        A_11_10 * s->k[9][m]);
}

/* The argument of stage 11 (Hairer's 12), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage11(s->y0[m], s->h,
  @   s->k[0][m], s->k[3][m], s->k[4][m], s->k[5][m], s->k[6][m],
  @   s->k[7][m], s->k[8][m], s->k[9][m], s->k[10][m]);
  @*/
static double stage11(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_12_1 * s->k[0][m] +
        A_12_4 * s->k[3][m] +
        A_12_5 * s->k[4][m] +
        A_12_6 * s->k[5][m] +
        A_12_7 * s->k[6][m] +
        A_12_8 * s->k[7][m] +
        A_12_9 * s->k[8][m] +
        A_12_10 * s->k[9][m] +
        A_12_11 * s->k[10][m]);
}

/* The 8th-order solution y1, component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result \in {dop853_stage12(s->y0[m], s->h,
  @   s->k[0][m], s->k[5][m], s->k[6][m], s->k[7][m], s->k[8][m],
  @   s->k[9][m], s->k[10][m], s->k[11][m])};
  @*/
static double stage12(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        B_1 * s->k[0][m] +
        B_6 * s->k[5][m] +
        B_7 * s->k[6][m] +
        B_8 * s->k[7][m] +
        B_9 * s->k[8][m] +
        B_10 * s->k[9][m] +
        B_11 * s->k[10][m] +
        B_12 * s->k[11][m]);
}

/* The argument of stage 13 (Hairer's 14), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage13(s->y0[m], s->h,
  @   s->k[0][m], s->k[6][m], s->k[7][m], s->k[8][m], s->k[9][m],
  @   s->k[10][m], s->k[11][m], s->k[12][m]);
  @*/
static double stage13(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_14_1 * s->k[0][m] +
        A_14_7 * s->k[6][m] +
        A_14_8 * s->k[7][m] +
        A_14_9 * s->k[8][m] +
        A_14_10 * s->k[9][m] +
        A_14_11 * s->k[10][m] +
        A_14_12 * s->k[11][m] +
        A_14_13 * s->k[12][m]);
}

/* The argument of stage 14 (Hairer's 15), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage14(s->y0[m], s->h,
  @   s->k[0][m], s->k[5][m], s->k[6][m], s->k[7][m], s->k[10][m],
  @   s->k[11][m], s->k[12][m], s->k[13][m]);
  @*/
static double stage14(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_15_1 * s->k[0][m] +
        A_15_6 * s->k[5][m] +
        A_15_7 * s->k[6][m] +
        A_15_8 * s->k[7][m] +
        A_15_11 * s->k[10][m] +
        A_15_12 * s->k[11][m] +
        A_15_13 * s->k[12][m] +
        A_15_14 * s->k[13][m]);
}

/* The argument of stage 15 (Hairer's 16), component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_stage15(s->y0[m], s->h,
  @   s->k[0][m], s->k[5][m], s->k[6][m], s->k[7][m], s->k[8][m],
  @   s->k[12][m], s->k[13][m], s->k[14][m]);
  @*/
static double stage15(const dop853_step_data *s, int m)
{
    return s->y0[m] + s->h * (0.0 +
        A_16_1 * s->k[0][m] +
        A_16_6 * s->k[5][m] +
        A_16_7 * s->k[6][m] +
        A_16_8 * s->k[7][m] +
        A_16_9 * s->k[8][m] +
        A_16_13 * s->k[12][m] +
        A_16_14 * s->k[13][m] +
        A_16_15 * s->k[14][m]);
}
/* Stage argument i (1 .. 15) at component m, by dispatch on i. */
/*@ requires data: \valid_read(s);
  @ requires row: 1 <= i < N_DENSE;
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures stage: \result == dop853_stage(i, s->y0[m], s->h,
  @   s->k[0][m], s->k[1][m], s->k[2][m], s->k[3][m], s->k[4][m],
  @   s->k[5][m], s->k[6][m], s->k[7][m], s->k[8][m], s->k[9][m],
  @   s->k[10][m], s->k[11][m], s->k[12][m], s->k[13][m], s->k[14][m]);
  @*/
static double stage_value(const dop853_step_data *s, int i, int m)
{
    switch (i) {
    case 1: return stage1(s, m);
    case 2: return stage2(s, m);
    case 3: return stage3(s, m);
    case 4: return stage4(s, m);
    case 5: return stage5(s, m);
    case 6: return stage6(s, m);
    case 7: return stage7(s, m);
    case 8: return stage8(s, m);
    case 9: return stage9(s, m);
    case 10: return stage10(s, m);
    case 11: return stage11(s, m);
    case 12: return stage12(s, m);
    case 13: return stage13(s, m);
    case 14: return stage14(s, m);
    case 15: return stage15(s, m);
    default: return s->y0[m];
    }
}

/* One value per component. */
typedef struct dop853_column {
    double v[COLLIDE_NY_MAX];
} dop853_column;

/* Stage argument Y_i = y0 + h * sum_{j<i} a_ij k_j (Eq. II.1.8) of every
 * component (stage_value), into a vector of its own: the step data are
 * only read, so the loop's invariant needs no frame. */
/*@ requires data: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires row: 1 <= i < N_DENSE;
  @ assigns \nothing;
  @ ensures stage: \forall integer c; 0 <= c < s->n ==>
  @   \result.v[c] == dop853_stage(i, s->y0[c], s->h,
  @     s->k[0][c], s->k[1][c], s->k[2][c], s->k[3][c], s->k[4][c],
  @     s->k[5][c], s->k[6][c], s->k[7][c], s->k[8][c], s->k[9][c],
  @     s->k[10][c], s->k[11][c], s->k[12][c], s->k[13][c], s->k[14][c]);
  @*/
static dop853_column stage_state(const dop853_step_data *s, int i)
{
    dop853_column y;
    /*@ loop invariant range: 0 <= m <= s->n;
      @ loop invariant stage: \forall integer c; 0 <= c < m ==>
      @   y.v[c] == dop853_stage(i, s->y0[c], s->h,
      @     s->k[0][c], s->k[1][c], s->k[2][c], s->k[3][c], s->k[4][c],
      @     s->k[5][c], s->k[6][c], s->k[7][c], s->k[8][c], s->k[9][c],
      @     s->k[10][c], s->k[11][c], s->k[12][c], s->k[13][c], s->k[14][c]);
      @ loop assigns m, y;
      @ loop variant s->n - m;
      @*/
    for (int m = 0; m < s->n; m++)
        y.v[m] = stage_value(s, i, m);
    return y;
}

/* The 8th-order solution of every component (stage12), into a vector of
 * its own: the step data are only read, so the loop's invariant needs no
 * frame. */
/*@ requires data: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures y1: \forall integer c; 0 <= c < s->n ==>
  @   \result.v[c] \in {dop853_stage12(s->y0[c], s->h, s->k[0][c],
  @     s->k[5][c], s->k[6][c], s->k[7][c], s->k[8][c], s->k[9][c],
  @     s->k[10][c], s->k[11][c])};
  @*/
static dop853_column solution_values(const dop853_step_data *s)
{
    dop853_column y;
    /*@ loop invariant range: 0 <= m <= s->n;
      @ loop invariant y1: \forall integer c; 0 <= c < m ==>
      @   y.v[c] \in {dop853_stage12(s->y0[c], s->h, s->k[0][c],
      @     s->k[5][c], s->k[6][c], s->k[7][c], s->k[8][c], s->k[9][c],
      @     s->k[10][c], s->k[11][c])};
      @ loop assigns m, y;
      @ loop variant s->n - m;
      @*/
    for (int m = 0; m < s->n; m++)
        y.v[m] = stage12(s, m);
    return y;
}

/* The vector y into s->y1, every component (a copy: the definition of y1
 * is not among its goals). */
/*@ requires data: \valid(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ assigns s->y1[0 .. COLLIDE_NY_MAX - 1];
  @ ensures copy: \forall integer c; 0 <= c < s->n ==> s->y1[c] \in {y.v[c]};
  @*/
static void solution_store(dop853_step_data *s, dop853_column y)
{
    /*@ loop invariant range: 0 <= m <= s->n;
      @ loop invariant copy: \forall integer c; 0 <= c < m ==> s->y1[c] \in {y.v[c]};
      @ loop assigns m, s->y1[0 .. COLLIDE_NY_MAX - 1];
      @ loop variant s->n - m;
      @*/
    for (int m = 0; m < s->n; m++)
        s->y1[m] = y.v[m];
}

/* The 8th-order solution y1 = y0 + h sum_i b_i k_i, every component
 * (solution_values, solution_store; stated over the values before the
 * call, so that its goal needs no reasoning on memory). */
/*@ requires data: \valid(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ assigns s->y1[0 .. COLLIDE_NY_MAX - 1];
  @ ensures y1: \forall integer c; 0 <= c < s->n ==>
  @   s->y1[c] \in {dop853_stage12(\old(s->y0[c]), \old(s->h),
  @     \old(s->k[0][c]), \old(s->k[5][c]), \old(s->k[6][c]),
  @     \old(s->k[7][c]), \old(s->k[8][c]), \old(s->k[9][c]),
  @     \old(s->k[10][c]), \old(s->k[11][c]))};
  @ ensures keep: s->n == \old(s->n) && s->t0 \in {\old(s->t0)} &&
  @   s->h \in {\old(s->h)} && s->dense_ready == \old(s->dense_ready);
  @*/
static void solution(dop853_step_data *s)
{
    solution_store(s, solution_values(s));
}

/* The node c_i of stage i (1 .. 15), TABLEAU.c[i]. */
/*@ requires stage: 1 <= i < N_DENSE;
  @ assigns \nothing;
  @ ensures node: \result \in {dop853_node(i)};
  @*/
static double stage_node(int i)
{
    switch (i) {
    case 1: return C_2;
    case 2: return C_3;
    case 3: return C_4;
    case 4: return C_5;
    case 5: return C_6;
    case 6: return C_7;
    case 7: return C_8;
    case 8: return C_9;
    case 9: return C_10;
    case 10: return C_11;
    case 11: return C_12;
    case 12: return C_13;
    case 13: return C_14;
    case 14: return C_15;
    case 15: return C_16;
    default: return C_1;
    }
}

/* The time of stage i, t0 + c_i h (Eq. II.1.8). */
/*@ requires stage: 1 <= i < N_DENSE;
  @ assigns \nothing;
  @ ensures time: \result \in {dop853_stage_time(i, t0, h)};
  @*/
static double stage_time(int i, double t0, double h)
{
    return t0 + stage_node(i) * h;
}

/* Evaluates stage i: k_i = f(t0 + c_i h, Y_i). */
/*@ requires data: \valid(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires stage: 1 <= i < N_DENSE;
  @ assigns s->k[i][0 .. COLLIDE_NY_MAX - 1], dop853_rhs_t,
  @   dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1], dop853_stage_t[i];
  @ ensures time: dop853_rhs_t \in {dop853_stage_time(i, \old(s->t0), \old(s->h))};
  @ ensures log: dop853_stage_t[i] \in {dop853_stage_time(i, \old(s->t0), \old(s->h))};
  @*/
static void eval_stage(ode_rhs f, void *ctx, dop853_step_data *s, int i)
{
    const dop853_column y = stage_state(s, i);
    dop853_call_rhs(f, ctx, stage_time(i, s->t0, s->h), y.v, s->k[i]);
    //@ ghost dop853_stage_t[i] = dop853_rhs_t;
}

/* 5th-order error estimate / h, component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result \in {dop853_err5(
  @   s->k[0][m], s->k[5][m], s->k[6][m], s->k[7][m], s->k[8][m],
  @   s->k[9][m], s->k[10][m], s->k[11][m])};
  @*/
static double err5(const dop853_step_data *s, int m)
{
    return (0.0 +
        ER_1 * s->k[0][m] +
        ER_6 * s->k[5][m] +
        ER_7 * s->k[6][m] +
        ER_8 * s->k[7][m] +
        ER_9 * s->k[8][m] +
        ER_10 * s->k[9][m] +
        ER_11 * s->k[10][m] +
        ER_12 * s->k[11][m]);
}

/* 3rd-order error estimate / h, component m: sum b_j k_j - sum bhh_j k_j */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result \in {dop853_err3(
  @   s->k[0][m], s->k[5][m], s->k[6][m], s->k[7][m], s->k[8][m],
  @   s->k[9][m], s->k[10][m], s->k[11][m])};
  @*/
static double err3(const dop853_step_data *s, int m)
{
    double bk = 0.0 +
                B_1 * s->k[0][m] +
                B_6 * s->k[5][m] +
                B_7 * s->k[6][m] +
                B_8 * s->k[7][m] +
                B_9 * s->k[8][m] +
                B_10 * s->k[9][m] +
                B_11 * s->k[10][m] +
                B_12 * s->k[11][m];
    double hk = 0.0 +
                BHH_1 * s->k[0][m] +
                BHH_2 * s->k[8][m] +
                BHH_3 * s->k[11][m];
    return bk - hk;
}

/* r_4 of the continuous extension, component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_dense_r4(s->h,
  @   s->k[0][m], s->k[5][m], s->k[6][m], s->k[7][m], s->k[8][m],
  @   s->k[9][m], s->k[10][m], s->k[11][m], s->k[12][m], s->k[13][m],
  @   s->k[14][m], s->k[15][m]);
  @*/
static double dense_r4(const dop853_step_data *s, int m)
{
    return s->h * (0.0 +
        D_4_1 * s->k[0][m] +
        D_4_6 * s->k[5][m] +
        D_4_7 * s->k[6][m] +
        D_4_8 * s->k[7][m] +
        D_4_9 * s->k[8][m] +
        D_4_10 * s->k[9][m] +
        D_4_11 * s->k[10][m] +
        D_4_12 * s->k[11][m] +
        D_4_13 * s->k[12][m] +
        D_4_14 * s->k[13][m] +
        D_4_15 * s->k[14][m] +
        D_4_16 * s->k[15][m]);
}

/* r_5 of the continuous extension, component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_dense_r5(s->h,
  @   s->k[0][m], s->k[5][m], s->k[6][m], s->k[7][m], s->k[8][m],
  @   s->k[9][m], s->k[10][m], s->k[11][m], s->k[12][m], s->k[13][m],
  @   s->k[14][m], s->k[15][m]);
  @*/
static double dense_r5(const dop853_step_data *s, int m)
{
    return s->h * (0.0 +
        D_5_1 * s->k[0][m] +
        D_5_6 * s->k[5][m] +
        D_5_7 * s->k[6][m] +
        D_5_8 * s->k[7][m] +
        D_5_9 * s->k[8][m] +
        D_5_10 * s->k[9][m] +
        D_5_11 * s->k[10][m] +
        D_5_12 * s->k[11][m] +
        D_5_13 * s->k[12][m] +
        D_5_14 * s->k[13][m] +
        D_5_15 * s->k[14][m] +
        D_5_16 * s->k[15][m]);
}

/* r_6 of the continuous extension, component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_dense_r6(s->h,
  @   s->k[0][m], s->k[5][m], s->k[6][m], s->k[7][m], s->k[8][m],
  @   s->k[9][m], s->k[10][m], s->k[11][m], s->k[12][m], s->k[13][m],
  @   s->k[14][m], s->k[15][m]);
  @*/
static double dense_r6(const dop853_step_data *s, int m)
{
    return s->h * (0.0 +
        D_6_1 * s->k[0][m] +
        D_6_6 * s->k[5][m] +
        D_6_7 * s->k[6][m] +
        D_6_8 * s->k[7][m] +
        D_6_9 * s->k[8][m] +
        D_6_10 * s->k[9][m] +
        D_6_11 * s->k[10][m] +
        D_6_12 * s->k[11][m] +
        D_6_13 * s->k[12][m] +
        D_6_14 * s->k[13][m] +
        D_6_15 * s->k[14][m] +
        D_6_16 * s->k[15][m]);
}

/* r_7 of the continuous extension, component m */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result == dop853_dense_r7(s->h,
  @   s->k[0][m], s->k[5][m], s->k[6][m], s->k[7][m], s->k[8][m],
  @   s->k[9][m], s->k[10][m], s->k[11][m], s->k[12][m], s->k[13][m],
  @   s->k[14][m], s->k[15][m]);
  @*/
static double dense_r7(const dop853_step_data *s, int m)
{
    return s->h * (0.0 +
        D_7_1 * s->k[0][m] +
        D_7_6 * s->k[5][m] +
        D_7_7 * s->k[6][m] +
        D_7_8 * s->k[7][m] +
        D_7_9 * s->k[8][m] +
        D_7_10 * s->k[9][m] +
        D_7_11 * s->k[10][m] +
        D_7_12 * s->k[11][m] +
        D_7_13 * s->k[12][m] +
        D_7_14 * s->k[13][m] +
        D_7_15 * s->k[14][m] +
        D_7_16 * s->k[15][m]);
}

/* S5 + 0.01 S3, the sum under the root of the error norm, or 1 when it is
 * not > 0 (error_norm). */
/*@ assigns \nothing;
  @ ensures deno: \result \in {dop853_norm_deno(s5, s3)};
  @*/
static double norm_deno(double s5, double s3)
{
    double deno = s5 + 0.01 * s3;
    if (deno <= 0.0)
        deno = 1.0;
    return deno;
}

/* The error norm of error_norm from its sums S5, S3:
 * |h| S5 / sqrt(n norm_deno(S5, S3)). */
/*@ requires dim: 1 <= n <= COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures norm: !\is_NaN(h) ==>
  @   \result \in {dop853_err_norm(h, s5, s3, (double)n)};
  @*/
static double norm_of_sums(double h, double s5, double s3, int n)
{
    return dop853_fabs(h) * s5 / dop853_sqrt(n * norm_deno(s5, s3));
}

/* Component m of a vector all finite is finite (all_finite read at one
 * index, as a contract: its call instantiates it at m). */
/*@ ghost
  @ /@ requires dim: 0 <= m < n;
  @    requires all: all_finite(y, n);
  @    assigns \nothing;
  @    ensures finite: \is_finite(y[m]);
  @ @/
  @ static void finite_at(const double *y, int n, int m)
  @ {
  @ }
  @*/

/* The sums S5 and S3 of the error norm one component further: their
 * recursive definitions unfolded once, a fact stated as a contract
 * (proved in the small context of this empty ghost function, then used
 * at error_norm's call without a quantifier to instantiate). */
/*@ ghost
  @ /@ requires dim: 0 <= m;
  @    assigns \nothing;
  @    ensures s5: dop853_s5_sum(s, rtol, atol, m + 1) \in
  @      {\add_double(dop853_s5_sum(s, rtol, atol, m),
  @        dop853_s5_term(s, rtol, atol, m))};
  @    ensures s3: dop853_s3_sum(s, rtol, atol, m + 1) \in
  @      {\add_double(dop853_s3_sum(s, rtol, atol, m),
  @        dop853_s3_term(s, rtol, atol, m))};
  @ @/
  @ static void sums_next(const dop853_step_data *s, double rtol,
  @                       double atol, int m)
  @ {
  @ }
  @*/

/* Hairer's error norm of DOP853 (Section II.10): with
 *   sk_i  = atol + rtol * max(|y0_i|, |y1_i|),
 *   err5_i = sum_j (b_j - bhat_j) k_j          (5th-order estimate / h),
 *   err3_i = sum_j (b_j - bhh_j) k_j           (3rd-order estimate / h),
 *   S5 = sum_i (err5_i / sk_i)^2,  S3 = sum_i (err3_i / sk_i)^2,
 * the norm is err = |h| S5 / sqrt(n (S5 + 0.01 S3)), which behaves like
 * O(h^8) and is reliable also for large h (the 3rd-order term). The
 * result is dop853_step_err of dop853.h: S5 and S3 summed from component
 * 0 up in the code's order, for y1 finite (dop853_step checks it first)
 * and y0 without NaN (a NaN y0_i drops out of max(|y0_i|, |y1_i|) in the
 * code, while dop853_abs of the spec does not describe fabs of a NaN). */
/*@ requires data: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires finite: all_finite(&s->y1[0], s->n);
  @ assigns \nothing;
  @ ensures norm: !\is_NaN(s->h) && dop853_y0_numbers(s, s->n) ==>
  @   \result \in {dop853_step_err(s, rtol, atol)};
  @*/
static double error_norm(const dop853_step_data *s, double rtol,
                         double atol)
{
    double s5 = 0.0, s3 = 0.0;
    /*@ loop invariant range: 0 <= m <= s->n;
      @ loop invariant s5: dop853_y0_numbers(s, s->n) ==>
      @   s5 \in {dop853_s5_sum(s, rtol, atol, m)};
      @ loop invariant s3: dop853_y0_numbers(s, s->n) ==>
      @   s3 \in {dop853_s3_sum(s, rtol, atol, m)};
      @ loop assigns m, s5, s3;
      @ loop variant s->n - m;
      @*/
    for (int m = 0; m < s->n; m++) {
        double sk = atol + rtol * fmax_number(dop853_fabs(s->y0[m]),
                                              dop853_fabs(s->y1[m]));
        double e5 = err5(s, m), e3 = err3(s, m);
        //@ ghost finite_at(&s->y1[0], s->n, m);
        //@ assert y1: !\is_NaN(s->y1[m]);
        //@ assert y0: dop853_y0_numbers(s, s->n) ==> !\is_NaN(s->y0[m]);
        /*@ assert sk: !\is_NaN(s->y0[m]) ==>
          @   sk \in {dop853_sk(s, rtol, atol, m)};
          @*/
        /*@ assert t5: !\is_NaN(s->y0[m]) ==> dop853_sq_ratio(e5, sk) \in
          @   {dop853_s5_term(s, rtol, atol, m)};
          @*/
        /*@ assert t3: !\is_NaN(s->y0[m]) ==> dop853_sq_ratio(e3, sk) \in
          @   {dop853_s3_term(s, rtol, atol, m)};
          @*/
        //@ ghost sums_next(s, rtol, atol, m);
        s5 += (e5 / sk) * (e5 / sk);
        s3 += (e3 / sk) * (e3 / sk);
    }
    return norm_of_sums(s->h, s5, s3, s->n);
}

/* The start of a step: n, t0, h, y0 and f0 = f(t0, y0), which is also
 * stage 0 (Hairer's k_1); the continuous extension of the data before is
 * no longer valid. */
/*@ requires dim: 1 <= n <= COLLIDE_NY_MAX;
  @ requires data: \valid(s);
  @ requires y0: \valid_read(y0 + (0 .. n - 1)) &&
  @   \separated(y0 + (0 .. n - 1), s);
  @ requires f0: \valid_read(f0 + (0 .. n - 1)) &&
  @   \separated(f0 + (0 .. n - 1), s);
  @ assigns s->n, s->t0, s->h, s->dense_ready, s->y0[0 .. n - 1],
  @   s->f0[0 .. n - 1], s->k[0][0 .. n - 1];
  @ ensures dim: s->n == n;
  @ ensures t0: s->t0 \in {t0};
  @ ensures h: s->h \in {h};
  @ ensures not_ready: s->dense_ready == 0;
  @ ensures start: \forall integer c; 0 <= c < n ==>
  @   s->y0[c] \in {\old(y0[c])} && s->f0[c] \in {\old(f0[c])} &&
  @   s->k[0][c] \in {\old(f0[c])};
  @*/
static void step_start(dop853_step_data *s, int n, double t0, double h,
                       const double *y0, const double *f0)
{
    s->n = n;
    s->t0 = t0;
    s->h = h;
    s->dense_ready = 0;
    copy_vec(n, s->y0, y0);
    copy_vec(n, s->f0, f0);
    copy_vec(n, s->k[0], f0);
}

/* The verdict on a step whose y1 and f1 are finite: the error norm
 * (error_norm) when it is finite, +inf when it is not. */
/*@ requires data: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires finite: all_finite(&s->y1[0], s->n);
  @ assigns \nothing;
  @ ensures norm: !\is_NaN(s->h) && dop853_y0_numbers(s, s->n) &&
  @   \is_finite(dop853_step_err(s, rtol, atol)) ==>
  @   \result \in {dop853_step_err(s, rtol, atol)};
  @ ensures norm_infinite: !\is_NaN(s->h) && dop853_y0_numbers(s, s->n) &&
  @   !\is_finite(dop853_step_err(s, rtol, atol)) ==>
  @   \is_plus_infinity(\result);
  @*/
static double step_verdict(const dop853_step_data *s, double rtol,
                           double atol)
{
    double err = error_norm(s, rtol, atol);
    return finite_double(err) ? err : plus_infinity();
}

/* The FSAL evaluation f1 = f(t1, y1), t1 = t0 + h, into stage 12 (the
 * first stage of the next step) and into f1; n, t0, h and the flag of
 * the step unchanged (stated, so that the caller's goals need no
 * reasoning on memory). */
/*@ requires data: \valid(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires dim: n == s->n;
  @ assigns s->k[ROW_B][0 .. COLLIDE_NY_MAX - 1], s->f1[0 .. n - 1],
  @   dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1];
  @ ensures f1: \forall integer c; 0 <= c < n ==> s->f1[c] \in {s->k[ROW_B][c]};
  @ ensures keep: s->n == \old(s->n) && s->t0 \in {\old(s->t0)} &&
  @   s->h \in {\old(s->h)} && s->dense_ready == \old(s->dense_ready);
  @ ensures fsal: dop853_rhs_t \in {t1} &&
  @   \forall integer c; 0 <= c < n ==> dop853_rhs_y[c] \in {s->y1[c]};
  @*/
static void step_fsal(ode_rhs f, void *ctx, dop853_step_data *s, int n,
                      double t1)
{
    dop853_call_rhs(f, ctx, t1, s->y1, s->k[ROW_B]);
    copy_vec(n, s->f1, s->k[ROW_B]);
}

/* Stages 1 .. 11 (the book's stages 2 .. 12, 11 evaluations); n, t0, h
 * and the flag of the step unchanged. */
/*@ requires data: \valid(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ assigns s->k[1 .. N_STAGES - 1][0 .. COLLIDE_NY_MAX - 1],
  @   dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[1 .. N_STAGES - 1];
  @ ensures keep: s->n == \old(s->n) && s->t0 \in {\old(s->t0)} &&
  @   s->h \in {\old(s->h)} && s->dense_ready == \old(s->dense_ready);
  @ ensures times: \forall integer j; 1 <= j < N_STAGES ==>
  @   dop853_stage_t[j] \in {dop853_stage_time(j, \old(s->t0), \old(s->h))};
  @*/
static void step_stages(ode_rhs f, void *ctx, dop853_step_data *s)
{
    /*@ loop invariant range: 1 <= i <= N_STAGES;
      @ loop invariant times: \forall integer j; 1 <= j < i ==>
      @   dop853_stage_t[j] \in {dop853_stage_time(j, \at(s->t0, Pre),
      @     \at(s->h, Pre))};
      @ loop assigns i, s->k[1 .. N_STAGES - 1][0 .. COLLIDE_NY_MAX - 1],
      @   dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
      @   dop853_stage_t[1 .. N_STAGES - 1];
      @ loop variant N_STAGES - i;
      @*/
    for (int i = 1; i < N_STAGES; i++)
        eval_stage(f, ctx, s, i);
}

/* The step proper: its start (step_start), stages 1 .. 11 (step_stages),
 * the 8th-order solution y1 (solution) and the FSAL stage f1
 * (step_fsal). */
/*@ requires dim: 1 <= n <= COLLIDE_NY_MAX;
  @ requires data: \valid(s);
  @ requires y0: \valid_read(y0 + (0 .. n - 1)) &&
  @   \separated(y0 + (0 .. n - 1), s);
  @ requires f0: \valid_read(f0 + (0 .. n - 1)) &&
  @   \separated(f0 + (0 .. n - 1), s);
  @ assigns *s, dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
  @   dop853_stage_t[1 .. N_STAGES - 1];
  @ ensures dim: s->n == n;
  @ ensures not_ready: s->dense_ready == 0;
  @ ensures start: s->t0 \in {t0} && s->h \in {h};
  @ ensures f1: \forall integer c; 0 <= c < n ==> s->f1[c] \in {s->k[ROW_B][c]};
  @ ensures times: \forall integer j; 1 <= j < N_STAGES ==>
  @   dop853_stage_t[j] \in {dop853_stage_time(j, t0, h)};
  @ ensures fsal: dop853_rhs_t \in {\add_double(t0, h)} &&
  @   \forall integer c; 0 <= c < n ==> dop853_rhs_y[c] \in {s->y1[c]};
  @*/
static void step_take(ode_rhs f, void *ctx, int n, double t0,
                      const double *y0, const double *f0, double h,
                      dop853_step_data *s)
{
    step_start(s, n, t0, h, y0, f0);
    step_stages(f, ctx, s);

    /* 8th-order solution and the FSAL evaluation f1 = f(t0 + h, y1) */
    solution(s);
    step_fsal(f, ctx, s, n, t0 + h);
}

double dop853_step(ode_rhs f, void *ctx, int n, double t0, const double *y0,
                   const double *f0, double h, double rtol, double atol,
                   dop853_step_data *s, long *nfev)
{
    step_take(f, ctx, n, t0, y0, f0, h, s);
    *nfev += N_STAGES;

    if (!finite_vector(n, s->y1) || !finite_vector(n, s->f1))
        return plus_infinity();
    return step_verdict(s, rtol, atol);
}

/* ------------------------------------------------------------------ */
/* Continuous extension (Section II.10, dense output of order 7)       */
/* ------------------------------------------------------------------ */

/* The cubic Hermite part r0 .. r3 of the continuous extension, one
 * component. */
typedef struct dense_hermite {
    double r0, r1, r2, r3;
} dense_hermite;

/* Component m of r0 .. r3 of the continuous extension (the cubic Hermite
 * part). */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures r0: \result.r0 \in {s->y0[m]};
  @ ensures r1: \result.r1 \in {dop853_dense_r1(s->y0[m], s->y1[m])};
  @ ensures r2: \result.r2 \in {dop853_dense_r2(s->h, s->f0[m],
  @   dop853_dense_r1(s->y0[m], s->y1[m]))};
  @ ensures r3: \result.r3 \in {dop853_dense_r3(s->h, s->f1[m],
  @   dop853_dense_r1(s->y0[m], s->y1[m]),
  @   dop853_dense_r2(s->h, s->f0[m], dop853_dense_r1(s->y0[m], s->y1[m])))};
  @*/
static dense_hermite hermite_at(const dop853_step_data *s, int m)
{
    const double h = s->h, y0 = s->y0[m];
    const double r1 = s->y1[m] - y0;
    const double r2 = h * s->f0[m] - r1;
    const double r3 = r1 - h * s->f1[m] - r2;
    dense_hermite c;
    c.r0 = y0;
    c.r1 = r1;
    c.r2 = r2;
    c.r3 = r3;
    return c;
}

/* The coefficients r0 .. r7 of the continuous extension, one component. */
typedef struct dense_column {
    double r0, r1, r2, r3, r4, r5, r6, r7;
} dense_column;

/* Component m of r0 .. r7 of the continuous extension (hermite_at,
 * dense_r4 .. dense_r7). */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures coeffs: dop853_dense_coeffs(\result.r0, \result.r1, \result.r2,
  @   \result.r3, \result.r4, \result.r5, \result.r6, \result.r7, s->h,
  @   s->y0[m], s->y1[m], s->f0[m], s->f1[m], s->k[0][m], s->k[5][m],
  @   s->k[6][m], s->k[7][m], s->k[8][m], s->k[9][m], s->k[10][m],
  @   s->k[11][m], s->k[12][m], s->k[13][m], s->k[14][m], s->k[15][m]);
  @*/
static dense_column dense_at(const dop853_step_data *s, int m)
{
    const dense_hermite c = hermite_at(s, m);
    dense_column d;
    d.r0 = c.r0;
    d.r1 = c.r1;
    d.r2 = c.r2;
    d.r3 = c.r3;
    d.r4 = dense_r4(s, m);
    d.r5 = dense_r5(s, m);
    d.r6 = dense_r6(s, m);
    d.r7 = dense_r7(s, m);
    return d;
}

/* The coefficients r0 .. r7 of the continuous extension, every component:
 * r[q][m] is r_q of component m. */
typedef struct dense_table {
    double r[8][COLLIDE_NY_MAX];
} dense_table;

/* The coefficients of every component (dense_at),
 * into a table of its own: the step data are only read, so the loop's
 * invariant needs no frame. */
/*@ requires data: \valid_read(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures coeffs: \forall integer c; 0 <= c < s->n ==>
  @   dop853_dense_coeffs(\result.r[0][c], \result.r[1][c],
  @     \result.r[2][c], \result.r[3][c], \result.r[4][c], \result.r[5][c],
  @     \result.r[6][c], \result.r[7][c], s->h, s->y0[c], s->y1[c],
  @     s->f0[c], s->f1[c], s->k[0][c], s->k[5][c], s->k[6][c],
  @     s->k[7][c], s->k[8][c], s->k[9][c], s->k[10][c], s->k[11][c],
  @     s->k[12][c], s->k[13][c], s->k[14][c], s->k[15][c]);
  @*/
static dense_table dense_coefficients(const dop853_step_data *s)
{
    dense_table t;
    /*@ loop invariant range: 0 <= m <= s->n;
      @ loop invariant coeffs: \forall integer c; 0 <= c < m ==>
      @   dop853_dense_coeffs(t.r[0][c], t.r[1][c], t.r[2][c], t.r[3][c],
      @     t.r[4][c], t.r[5][c], t.r[6][c], t.r[7][c], s->h, s->y0[c],
      @     s->y1[c], s->f0[c], s->f1[c], s->k[0][c], s->k[5][c],
      @     s->k[6][c], s->k[7][c], s->k[8][c], s->k[9][c], s->k[10][c],
      @     s->k[11][c], s->k[12][c], s->k[13][c], s->k[14][c], s->k[15][c]);
      @ loop assigns m, t;
      @ loop variant s->n - m;
      @*/
    for (int m = 0; m < s->n; m++) {
        const dense_column d = dense_at(s, m);
        t.r[0][m] = d.r0;
        t.r[1][m] = d.r1;
        t.r[2][m] = d.r2;
        t.r[3][m] = d.r3;
        t.r[4][m] = d.r4;
        t.r[5][m] = d.r5;
        t.r[6][m] = d.r6;
        t.r[7][m] = d.r7;
    }
    return t;
}

/* The table of coefficients t into s->cont, every component (a copy: no
 * formula of the continuous extension is among its goals; the fields the
 * coefficients are made of are stated unchanged here, so that the goal of
 * dense_fill, which holds the formulas, needs no reasoning on memory). */
/*@ requires data: \valid(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ requires table: \valid_read(t) && \separated(t, s);
  @ assigns s->cont[0 .. 7][0 .. COLLIDE_NY_MAX - 1];
  @ ensures copy: \forall integer q, c; 0 <= q < 8 && 0 <= c < s->n ==>
  @   s->cont[q][c] \in {t->r[q][c]};
  @ ensures keep_k: \forall integer q, c; 0 <= q < 16 &&
  @   0 <= c < COLLIDE_NY_MAX ==> s->k[q][c] \in {\old(s->k[q][c])};
  @ ensures keep_y: \forall integer c; 0 <= c < COLLIDE_NY_MAX ==>
  @   s->y0[c] \in {\old(s->y0[c])} && s->y1[c] \in {\old(s->y1[c])} &&
  @   s->f0[c] \in {\old(s->f0[c])} && s->f1[c] \in {\old(s->f1[c])};
  @ ensures keep_h: s->h \in {\old(s->h)};
  @*/
static void dense_store(dop853_step_data *s, const dense_table *t)
{
    /*@ loop invariant range: 0 <= m <= s->n;
      @ loop invariant copy: \forall integer q, c; 0 <= q < 8 && 0 <= c < m ==>
      @   s->cont[q][c] \in {t->r[q][c]};
      @ loop assigns m, s->cont[0 .. 7][0 .. COLLIDE_NY_MAX - 1];
      @ loop variant s->n - m;
      @*/
    for (int m = 0; m < s->n; m++) {
        s->cont[0][m] = t->r[0][m];
        s->cont[1][m] = t->r[1][m];
        s->cont[2][m] = t->r[2][m];
        s->cont[3][m] = t->r[3][m];
        s->cont[4][m] = t->r[4][m];
        s->cont[5][m] = t->r[5][m];
        s->cont[6][m] = t->r[6][m];
        s->cont[7][m] = t->r[7][m];
    }
}

/* The continuous extension of every component into s->cont
 * (dense_coefficients, dense_store). */
/*@ requires data: \valid(s) && 1 <= s->n <= COLLIDE_NY_MAX;
  @ assigns s->cont[0 .. 7][0 .. COLLIDE_NY_MAX - 1];
  @ ensures coeffs: dop853_dense_step(s);
  @*/
static void dense_fill(dop853_step_data *s)
{
    const dense_table t = dense_coefficients(s);
    dense_store(s, &t);
}

/* The continuous extension in Hairer's form, with theta = (t - t0)/h and
 * theta1 = 1 - theta:
 *   u(theta) = r0 + theta (r1 + theta1 (r2 + theta (r3 + theta1 P))),
 *   P(theta) = r4 + theta (r5 + theta1 (r6 + theta r7)),
 * where r0 = y0, r1 = y1 - y0, r2 = h f0 - r1, r3 = r1 - h f1 - r2 (the
 * cubic Hermite part) and r_{4+q} = h sum_j d_{4+q,j} k_j, q = 0..3. */
void dop853_dense_prepare(ode_rhs f, void *ctx, dop853_step_data *s,
                          long *nfev)
{
    if (s->dense_ready)
        return;
    /*@ loop invariant range: ROW_B + 1 <= i <= N_DENSE;
      @ loop assigns i, s->k[ROW_B + 1 .. N_DENSE - 1][0 .. COLLIDE_NY_MAX - 1],
      @   dop853_rhs_t, dop853_rhs_y[0 .. COLLIDE_NY_MAX - 1],
      @   dop853_stage_t[ROW_B + 1 .. N_DENSE - 1];
      @ loop variant N_DENSE - i;
      @*/
    for (int i = ROW_B + 1; i < N_DENSE; i++)
        eval_stage(f, ctx, s, i);
    *nfev += N_DENSE - ROW_B - 1;

    dense_fill(s);
    s->dense_ready = 1;
}

/* The continuous extension at theta, component m (dop853_dense_u). */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: \result \in {dop853_dense_u(th, s->cont[0][m], s->cont[1][m],
  @   s->cont[2][m], s->cont[3][m], s->cont[4][m], s->cont[5][m],
  @   s->cont[6][m], s->cont[7][m])};
  @*/
static double dense_value(const dop853_step_data *s, double th, int m)
{
    double th1 = 1.0 - th;
    const double r4 = s->cont[4][m], r5 = s->cont[5][m];
    const double r6 = s->cont[6][m], r7 = s->cont[7][m];
    double p = r4 + th * (r5 + th1 * (r6 + th * r7));
    return s->cont[0][m] +
           th * (s->cont[1][m] +
                 th1 * (s->cont[2][m] +
                        th * (s->cont[3][m] + th1 * p)));
}

/* The dense output at t, component m: y1 and y0 exactly at the ends,
 * whatever the coefficients (the nested form gives y0 + (y1 - y0) at
 * t0 + h, and y0 at t0 only when no term overflows), the continuous
 * extension in between. */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures point: dop853_dense_output(\result, t, s->t0, s->h,
  @   s->y0[m], s->y1[m], s->cont[0][m], s->cont[1][m], s->cont[2][m],
  @   s->cont[3][m], s->cont[4][m], s->cont[5][m], s->cont[6][m],
  @   s->cont[7][m]);
  @*/
static double dense_point(const dop853_step_data *s, double t, int m)
{
    if (t == s->t0 + s->h)
        return s->y1[m];
    if (t == s->t0)
        return s->y0[m];
    return dense_value(s, (t - s->t0) / s->h, m);
}

void dop853_dense_eval(const dop853_step_data *s, double t, double *y)
{
    /* into u first: y may be s->y1 */
    double u[COLLIDE_NY_MAX];
    /*@ loop invariant range: 0 <= m <= s->n;
      @ loop invariant eq: \forall integer j; 0 <= j < m ==>
      @   dop853_dense_output(u[j], t, s->t0, s->h, s->y0[j], s->y1[j],
      @     s->cont[0][j], s->cont[1][j], s->cont[2][j], s->cont[3][j],
      @     s->cont[4][j], s->cont[5][j], s->cont[6][j], s->cont[7][j]);
      @ loop assigns m, u[0 .. s->n - 1];
      @ loop variant s->n - m;
      @*/
    for (int m = 0; m < s->n; m++)
        u[m] = dense_point(s, t, m);
    /*@ loop invariant range: 0 <= m <= s->n;
      @ loop invariant copy: \forall integer j; 0 <= j < m ==> y[j] \in {u[j]};
      @ loop assigns m, y[0 .. s->n - 1];
      @ loop variant s->n - m;
      @*/
    for (int m = 0; m < s->n; m++)
        y[m] = u[m];
}

/* d u / d t = (1/h) d u / d theta at t, component m, by the product rule
 * applied to each level of the nested form of dense_value (d theta1 /
 * d theta = -1). */
/*@ requires data: \valid_read(s);
  @ requires index: 0 <= m < COLLIDE_NY_MAX;
  @ assigns \nothing;
  @ ensures eq: dop853_dense_slope(\result,
  @   dop853_dense_theta(t, s->t0, s->h), s->h, s->cont[1][m],
  @   s->cont[2][m], s->cont[3][m], s->cont[4][m], s->cont[5][m],
  @   s->cont[6][m], s->cont[7][m]);
  @*/
static double dense_slope(const dop853_step_data *s, double t, int m)
{
    const double th = (t - s->t0) / s->h, th1 = 1.0 - th;
    const double q3 = s->cont[6][m] + th * s->cont[7][m];
    const double dq3 = s->cont[7][m];
    const double q2 = s->cont[5][m] + th1 * q3;
    const double dq2 = -q3 + th1 * dq3;
    const double p = s->cont[4][m] + th * q2;
    const double dp = q2 + th * dq2;
    const double u4 = s->cont[3][m] + th1 * p;
    const double du4 = -p + th1 * dp;
    const double u3 = s->cont[2][m] + th * u4;
    const double du3 = u4 + th * du4;
    const double u2 = s->cont[1][m] + th1 * u3;
    const double du2 = -u3 + th1 * du3;
    return (u2 + th * du2) / s->h;
}

void dop853_dense_deriv(const dop853_step_data *s, double t, double *dy)
{
    /* into v first (a local array, which the loop's invariant keeps
       apart from s) */
    double v[COLLIDE_NY_MAX];
    /*@ loop invariant range: 0 <= m <= s->n;
      @ loop invariant eq: \forall integer j; 0 <= j < m ==>
      @   dop853_dense_slope(v[j], dop853_dense_theta(t, s->t0, s->h), s->h,
      @     s->cont[1][j], s->cont[2][j], s->cont[3][j], s->cont[4][j],
      @     s->cont[5][j], s->cont[6][j], s->cont[7][j]);
      @ loop assigns m, v[0 .. s->n - 1];
      @ loop variant s->n - m;
      @*/
    for (int m = 0; m < s->n; m++)
        v[m] = dense_slope(s, t, m);
    /*@ loop invariant range: 0 <= m <= s->n;
      @ loop invariant copy: \forall integer j; 0 <= j < m ==> dy[j] \in {v[j]};
      @ loop assigns m, dy[0 .. s->n - 1];
      @ loop variant s->n - m;
      @*/
    for (int m = 0; m < s->n; m++)
        dy[m] = v[m];
}

/* Cubic Hermite interpolant (the first four terms of the continuous
 * extension above): r0 + theta (r1 + theta1 (r2 + theta r3)). */
double dop853_hermite(const dop853_step_data *s, int i, double t)
{
    if (t == s->t0 + s->h)
        return s->y1[i];
    double th = (t - s->t0) / s->h, th1 = 1.0 - th;
    double ydiff = s->y1[i] - s->y0[i];
    double bspl = s->h * s->f0[i] - ydiff;
    double r3 = ydiff - s->h * s->f1[i] - bspl;
    return s->y0[i] + th * (ydiff + th1 * (bspl + th * r3));
}

/* ------------------------------------------------------------------ */
/* Step-size control (Section II.4, Eq. 4.13, with Hairer's DOP853     */
/* parameters)                                                         */
/* ------------------------------------------------------------------ */

dop853_control dop853_control_default(double rtol, double atol, double h_max)
{
    dop853_control c;
    c.rtol = rtol;
    c.atol = atol;
    c.h_max = h_max;
    c.safety = 0.9;
    c.fac_min = 0.333;
    c.fac_max = 6.0;
    return c;
}

/* h_new = h / fac with fac = err^(1/8) / safety limited to
 * [1/fac_max, 1/fac_min]; no growth right after a rejection; at most
 * h_max. A NaN error counts as +inf (largest shrink). */
/* The factor fac = err^(1/8) / safety limited to [1/fac_max, 1/fac_min]
 * (Eq. II.4.13 with Hairer's limits); a NaN quotient gives 1/fac_max. */
/*@ requires ctl: \valid_read(c);
  @ requires fac_min: \lt_double((double)0.0, c->fac_min) &&
  @   \le_double(c->fac_min, (double)1.0);
  @ requires fac_max: \le_double((double)1.0, c->fac_max) &&
  @   \is_finite(c->fac_max);
  @ requires limits: !\is_NaN(\div_double((double)1.0, c->fac_min)) &&
  @   !\is_NaN(\div_double((double)1.0, c->fac_max)) &&
  @   \le_double(\div_double((double)1.0, c->fac_max),
  @             \div_double((double)1.0, c->fac_min));
  @ assigns \nothing;
  @ ensures lo: \le_double(\div_double((double)1.0, c->fac_max), \result);
  @ ensures hi: \le_double(\result, \div_double((double)1.0, c->fac_min));
  @ ensures eq: \forall double inf; \is_plus_infinity(inf) ==>
  @   \result \in {dop853_factor(err, c->safety, c->fac_min, c->fac_max, inf)};
  @*/
static double step_factor(const dop853_control *c, double err)
{
    if (!(err >= 0.0))
        err = plus_infinity();
    double fac = dop853_pow(err, 1.0 / 8.0) / c->safety;
    return fmin_number(1.0 / c->fac_min, fmax_number(1.0 / c->fac_max, fac));
}

double dop853_next_h(const dop853_control *c, double h, double err,
                     int last_rejected)
{
    double fac = step_factor(c, err);
    double h_new = h / fac;
    if (last_rejected && h_new > h)
        h_new = h;
    return fmin_number(h_new, c->h_max);
}

/* The start norm's sum one component further: its recursive definition
 * unfolded once (a contract, as sums_next). */
/*@ ghost
  @ /@ requires dim: 0 <= m;
  @    assigns \nothing;
  @    ensures sum: dop853_start_sum(v, y, atol, rtol, m + 1) \in
  @      {\add_double(dop853_start_sum(v, y, atol, rtol, m),
  @        dop853_start_term(v, y, atol, rtol, m))};
  @ @/
  @ static void start_sum_next(const double *v, const double *y,
  @                            double atol, double rtol, int m)
  @ {
  @ }
  @*/

/* Norm sqrt(sum_i (v_i / sk_i)^2), sk_i = atol + rtol |y0_i|, of the
 * starting step heuristic (Hairer's HINIT). The sum is proved to be
 * dop853_start_sum (for y0 without NaN: dop853_abs does not describe fabs
 * of a NaN) by the loop invariant, not by the contract: with that
 * postcondition, Frama-C WP 25 fails to translate three goals of the
 * caller dop853_initial_h to Why3 ("Type mismatch between Float64.t and
 * int"), so the fact stops here (proofs/README.md). */
/*@ requires dim: 0 <= n;
  @ requires v: \valid_read(v + (0 .. n - 1));
  @ requires y0: \valid_read(y0 + (0 .. n - 1));
  @ requires ctl: \valid_read(c);
  @ assigns \nothing;
  @*/
static double start_norm(int n, const double *v, const double *y0,
                         const dop853_control *c)
{
    double sum = 0.0;
    /*@ loop invariant range: 0 <= i <= n;
      @ loop invariant sum: dop853_numbers(y0, n) ==>
      @   sum \in {dop853_start_sum(v, y0, c->atol, c->rtol, i)};
      @ loop assigns i, sum;
      @ loop variant n - i;
      @*/
    for (int i = 0; i < n; i++) {
        double sk = c->atol + c->rtol * dop853_fabs(y0[i]);
        //@ ghost start_sum_next(v, y0, c->atol, c->rtol, i);
        //@ assert y0: dop853_numbers(y0, n) ==> !\is_NaN(y0[i]);
        sum += (v[i] / sk) * (v[i] / sk);
    }
    return dop853_sqrt(sum);
}

/* Hairer's starting step size (Section II.4, algorithm after Eq. 4.14,
 * with order 8): d0 = ||y0||, d1 = ||f0||, h0 = 0.01 d0 / d1 (1e-6 when
 * either is below 1e-5), one explicit Euler step to estimate
 * d2 = ||f(t0 + h0, y0 + h0 f0) - f0|| / h0, then
 * h1 = (0.01 / max(d1, d2))^(1/8) (max(1e-6, 1e-3 h0) when that maximum
 * is below 1e-15); the result is min(100 h0, h1, h_max, span).
 * Precondition: span > 0 (integration forwards in time). */
double dop853_initial_h(ode_rhs f, void *ctx, int n, double t0,
                        const double *y0, const double *f0, double span,
                        const dop853_control *c, long *nfev)
{
    double h_bound = dop853_fmin(c->h_max, dop853_fabs(span));
    double d0 = start_norm(n, y0, y0, c), d1 = start_norm(n, f0, y0, c);
    double h = (d0 <= 1e-5 || d1 <= 1e-5) ? 1e-6 : 0.01 * (d0 / d1);
    h = dop853_fmin(h, h_bound);

    /* explicit Euler step to estimate the second derivative */
    double y1[COLLIDE_NY_MAX] = {0.0}, f1[COLLIDE_NY_MAX] = {0.0};
    /*@ loop invariant range: 0 <= i <= n;
      @ loop assigns i, y1[0 .. COLLIDE_NY_MAX - 1];
      @ loop variant n - i;
      @*/
    for (int i = 0; i < n; i++)
        y1[i] = y0[i] + h * f0[i];
    dop853_call_rhs(f, ctx, t0 + h, y1, f1);
    *nfev += 1;
    /*@ loop invariant range: 0 <= i <= n;
      @ loop assigns i, f1[0 .. COLLIDE_NY_MAX - 1];
      @ loop variant n - i;
      @*/
    for (int i = 0; i < n; i++)
        f1[i] -= f0[i];
    double d2 = start_norm(n, f1, y0, c) / h;

    double d12 = dop853_fmax(d1, d2);
    double h1 = d12 <= 1e-15 ? dop853_fmax(1e-6, h * 1e-3)
                             : dop853_pow(0.01 / d12, 1.0 / 8.0);
    h = dop853_fmin(dop853_fmin(100.0 * h, h1), h_bound);
    if (!(h > 0.0)) /* non-finite estimates: a tiny but valid step */
        h = dop853_fmin(1e-6, h_bound);
    return h;
}
