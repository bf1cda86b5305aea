/* mp_fast.c - correctly rounded products and sums on the limbs of MPFR
 * numbers of whole-limb precision; see mp_fast.h.
 *
 * A regular MPFR number of precision 64 n is sign * 0.d * 2^exp with the
 * significand d in n limbs, least significant first, its top bit set
 * (the custom interface of MPFR: mpfr_custom_get_significand, _get_exp,
 * _get_kind, _init_set). Here it is read as the integer D of n limbs,
 * x = sign * D * 2^(exp - 64 n). A result is computed exactly as an
 * integer X of a few more limbs times a power of two, then rounded to n
 * limbs. */
#include "mp_fast.h"

#include <gmp.h>

/* The limb routines below are inlined at each call site, where the
 * number of limbs n is a constant, when the code is optimised; a build
 * without optimisation (the coverage build) keeps them as functions, so
 * that their branches are counted once and not once per call site. */
#ifdef __OPTIMIZE__
#define MP_FAST_INLINE inline __attribute__((always_inline))
#else
#define MP_FAST_INLINE inline
#endif

#define EXP_SAFE (1L << 24)   /* |exponent| beyond this: MPFR decides */

/* Two limbs: products of limbs and sums with their carries. */
__extension__ typedef unsigned __int128 wide;

/* The kernels below (always inlined) take the limb count n as an
 * argument that the public functions give as a constant (2, 3 or 4): the
 * compiler unrolls their loops for each precision. */

/* The limbs n of the precision of x when it is 64 n bits with 2 <= n <=
 * MP_FAST_LIMBS, else 0. */
static int whole_limbs(mpfr_srcptr x)
{
    mpfr_prec_t p = mpfr_get_prec(x);
    if (GMP_NUMB_BITS != 64 || p % 64 != 0 || p < 128 ||
        p > 64 * MP_FAST_LIMBS)
        return 0;
    return (int)(p / 64);
}

/* The common limb count of r, a and b (b NULL: r and a), or 0 when they
 * differ or are not whole-limb precisions. */
static int same_limbs(mpfr_srcptr r, mpfr_srcptr a, mpfr_srcptr b)
{
    if (mpfr_get_prec(a) != mpfr_get_prec(r) ||
        (b && mpfr_get_prec(b) != mpfr_get_prec(r)))
        return 0;
    return whole_limbs(r);
}

/* Whether x is a regular number with an exponent within +-EXP_SAFE:
 * zero, NaN and infinity have exponents near MPFR's minimum (its
 * __MPFR_EXP_ZERO, _NAN, _INF), far outside, so that one comparison of
 * the exponent field decides. */
static int plain(mpfr_srcptr x)
{
    mpfr_exp_t e = mpfr_custom_get_exp(x);
    return e > -EXP_SAFE && e < EXP_SAFE;
}

/* Whether x is zero or plain (not NaN, not infinite). */
static int usable(mpfr_srcptr x)
{
    return mpfr_zero_p(x) || plain(x);
}

/* The sign of x, zero or regular: +1 or -1. */
static int sign_of(mpfr_srcptr x)
{
    return mpfr_signbit(x) ? -1 : 1;
}

/* The significand of x as a pointer to its limbs. */
static const mp_limb_t *limbs(mpfr_srcptr x)
{
    return (const mp_limb_t *)mpfr_custom_get_significand(x);
}

/* Sets r to the zero of sign s. */
static void set_zero(mpfr_ptr r, int s)
{
    void *d = mpfr_custom_get_significand(r);
    mpfr_custom_init_set(r, s * MPFR_ZERO_KIND, 0, mpfr_get_prec(r), d);
}

/* Sets r to s * 0.m * 2^e (m: n limbs, top bit set; m may be r's own
 * significand). */
static MP_FAST_INLINE void set_regular(mpfr_ptr r, const mp_limb_t *m, const int n, int s,
                        mpfr_exp_t e)
{
    mp_limb_t *d = (mp_limb_t *)mpfr_custom_get_significand(r);
    int i;
    for (i = 0; i < n; i++)
        d[i] = m[i];
    mpfr_custom_init_set(r, s * MPFR_REGULAR_KIND, e, mpfr_get_prec(r), d);
}

/* r = x with sign s (n limbs, x regular): exact. */
static MP_FAST_INLINE void copy_signed(mpfr_ptr r, mpfr_srcptr x, int s, const int n)
{
    set_regular(r, limbs(x), n, s, mpfr_custom_get_exp(x));
}

/* Rounds s * 0.m g... * 2^e to n limbs into r, to nearest with ties to
 * even: m (n limbs, top bit set) the significand, g the next 64 bits and
 * sticky whether any bit below them is set. 0, or -1 (r untouched) when
 * the exponent of the result leaves +-EXP_SAFE. */
static MP_FAST_INLINE int round_set(mpfr_ptr r, mp_limb_t *m, mp_limb_t g, int sticky,
                     const int n, int s, long e)
{
    int i;
    if ((g >> 63) && ((g << 1) != 0 || sticky || (m[0] & 1))) {
        for (i = 0; i < n && ++m[i] == 0; i++)
            ;
        if (i == n) {                   /* carried out: 2^(64 n) */
            m[n - 1] = (mp_limb_t)1 << 63;
            e++;
        }
    }
    if (e <= -EXP_SAFE || e >= EXP_SAFE)
        return -1;
    set_regular(r, m, n, s, (mpfr_exp_t)e);
    return 0;
}

/* x[0 .. len-1] shifted left by c bits, 0 < c < 64 (the top bits out are
 * 0). */
static MP_FAST_INLINE void shift_left(mp_limb_t *x, const int len, int c)
{
    int i;
    for (i = len - 1; i > 0; i--)
        x[i] = (x[i] << c) | (x[i - 1] >> (64 - c));
    x[0] <<= c;
}

/* r = a b for a, b usable, of n limbs. 0, or -1 when MPFR must decide. */
static MP_FAST_INLINE int mul_limbs(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, const int n)
{
    mp_limb_t p[2 * MP_FAST_LIMBS];
    const mp_limb_t *x = limbs(a), *y = limbs(b);
    long e;
    int i, j, sticky = 0;
    if (!plain(a) || !plain(b)) {       /* a zero: usable() said so */
        set_zero(r, sign_of(a) * sign_of(b));
        return 0;
    }
    e = (long)mpfr_custom_get_exp(a) + (long)mpfr_custom_get_exp(b);
    for (i = 0; i < n; i++) {           /* schoolbook: p = x y */
        mp_limb_t carry = 0;
        for (j = 0; j < n; j++) {
            wide t = (wide)x[i] * y[j] + (i > 0 ? p[i + j] : 0) + carry;
            p[i + j] = (mp_limb_t)t;
            carry = (mp_limb_t)(t >> 64);
        }
        p[i + n] = carry;
    }
    if (!(p[2 * n - 1] >> 63)) {        /* 0.x 0.y in [1/4, 1/2) */
        shift_left(p, 2 * n, 1);
        e--;
    }
    for (i = 0; i < n - 1; i++)
        sticky |= p[i] != 0;
    return round_set(r, p + n, p[n - 1], sticky, n, sign_of(a) * sign_of(b),
                     e);
}

void mp_fast_mul(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b)
{
    int n = same_limbs(r, a, b), st = -1;
    if (n > 0 && ((plain(a) && plain(b)) || (usable(a) && usable(b))))
        st = n == 2 ? mul_limbs(r, a, b, 2)
           : n == 3 ? mul_limbs(r, a, b, 3) : mul_limbs(r, a, b, 4);
    if (st != 0)
        mpfr_mul(r, a, b, MPFR_RNDN);
}

/* r = a m for a regular, m != 0, of n limbs. 0, or -1 when MPFR must
 * decide. */
static MP_FAST_INLINE int mul_si_limbs(mpfr_ptr r, mpfr_srcptr a, long m, const int n)
{
    mp_limb_t p[MP_FAST_LIMBS + 1], carry = 0;
    const mp_limb_t *x = limbs(a);
    mp_limb_t u = m < 0 ? -(mp_limb_t)m : (mp_limb_t)m;
    long e = (long)mpfr_custom_get_exp(a);
    int s = m < 0 ? -sign_of(a) : sign_of(a), i, c;
    for (i = 0; i < n; i++) {           /* p = x u */
        wide t = (wide)x[i] * u + carry;
        p[i] = (mp_limb_t)t;
        carry = (mp_limb_t)(t >> 64);
    }
    p[n] = carry;
    if (carry == 0) {                   /* u = 1: x itself */
        copy_signed(r, a, s, n);
        return 0;
    }
    c = __builtin_clzl(carry);
    if (c > 0)
        shift_left(p, n + 1, c);
    return round_set(r, p + 1, p[0], 0, n, s, e + 64 - c);
}

void mp_fast_mul_si(mpfr_ptr r, mpfr_srcptr a, long m)
{
    int n = same_limbs(r, a, NULL), st = -1;
    if (n > 0 && m != 0 && plain(a))
        st = n == 2 ? mul_si_limbs(r, a, m, 2)
           : n == 3 ? mul_si_limbs(r, a, m, 3) : mul_si_limbs(r, a, m, 4);
    if (st != 0)
        mpfr_mul_si(r, a, m, MPFR_RNDN);
}

/* b (n limbs) shifted right by d bits, 0 <= d <= 64 n + 1, against a of
 * the same exponent: the n limbs aligned with a into hi, the next 64 bits
 * into *g, and whether any bit below them is set. */
static MP_FAST_INLINE int align(const mp_limb_t *b, const int n, long d, mp_limb_t *hi,
                 mp_limb_t *g)
{
    mp_limb_t ext[MP_FAST_LIMBS + 1], out[MP_FAST_LIMBS + 1];
    int q = (int)(d / 64), rb = (int)(d % 64), i, sticky = 0;
    if (d < 64) {                       /* the usual case: within a limb */
        *g = rb == 0 ? 0 : b[0] << (64 - rb);
        for (i = 0; i < n - 1; i++)
            hi[i] = rb == 0 ? b[i] : (b[i] >> rb) | (b[i + 1] << (64 - rb));
        hi[n - 1] = b[n - 1] >> rb;
        return 0;
    }
    ext[0] = 0;                         /* b 2^64: the guard limb below */
    for (i = 0; i < n; i++)
        ext[i + 1] = b[i];
    for (i = 0; i <= n; i++) {          /* out = ext >> d */
        int k = i + q;
        mp_limb_t lo = k <= n ? ext[k] : 0, up = k + 1 <= n ? ext[k + 1] : 0;
        out[i] = rb == 0 ? lo : (lo >> rb) | (up << (64 - rb));
    }
    for (i = 0; i < q && i <= n; i++)
        sticky |= ext[i] != 0;
    if (rb != 0 && q <= n)
        sticky |= (ext[q] << (64 - rb)) != 0;
    *g = out[0];
    for (i = 0; i < n; i++)
        hi[i] = out[i + 1];
    return sticky;
}

/* Whether the significand x is below y (n limbs). */
static MP_FAST_INLINE int below(const mp_limb_t *x, const mp_limb_t *y, const int n)
{
    int i;
    for (i = n - 1; i >= 0; i--)
        if (x[i] != y[i])
            return x[i] < y[i];
    return 0;
}

/* r = sa |a| + sb |b| for regular a, b of n limbs with exponent(a) >=
 * exponent(b), and |a| >= |b| when they differ in sign: b aligned with a
 * (align: n limbs, a guard limb g and a sticky bit), then summed and
 * rounded. Where d = exp(a) - exp(b) >= 64 n + 2, |b| < ulp(a)/4 and the
 * sum rounds to a (below a power of two the spacing is ulp(a)/2: still
 * a). A difference is taken as D + f, D the difference of the limbs less
 * one guard unit when sticky, f in [0, 1) guard units: sticky only for d
 * >= 2, where |a| - |b| > 2^-2 and at most one bit cancels, which leaves
 * the guard's top bit and the sticky bit right. 0, or -1 when the
 * exponent of the result leaves +-EXP_SAFE. */
static MP_FAST_INLINE int add_aligned(mpfr_ptr r, mpfr_srcptr a, int sa, mpfr_srcptr b,
                       int sb, const int n)
{
    mp_limb_t m[MP_FAST_LIMBS + 1], hi[MP_FAST_LIMBS], g, borrow;
    const mp_limb_t *x = limbs(a);
    long e = (long)mpfr_custom_get_exp(a);
    long d = e - (long)mpfr_custom_get_exp(b);
    int sticky, i, top, c;
    wide t;
    if (d >= 64L * n + 2) {
        copy_signed(r, a, sa, n);
        return 0;
    }
    sticky = align(limbs(b), n, d, hi, &g);
    if (sa == sb) {
        mp_limb_t carry = 0;
        for (i = 0; i < n; i++) {
            t = (wide)x[i] + hi[i] + carry;
            m[i] = (mp_limb_t)t;
            carry = (mp_limb_t)(t >> 64);
        }
        if (carry) {                    /* one bit right: into g, sticky */
            sticky |= (int)(g & 1);
            g = (g >> 1) | (m[0] << 63);
            for (i = 0; i < n - 1; i++)
                m[i] = (m[i] >> 1) | (m[i + 1] << 63);
            m[n - 1] = (m[n - 1] >> 1) | ((mp_limb_t)1 << 63);
            e++;
        }
        return round_set(r, m, g, sticky, n, sa, e);
    }
    borrow = (mp_limb_t)sticky;         /* (x, 0) - (hi, g) - sticky */
    t = (wide)0 - g - borrow;
    m[0] = (mp_limb_t)t;
    borrow = (mp_limb_t)(t >> 64) & 1;
    for (i = 0; i < n; i++) {
        t = (wide)x[i] - hi[i] - borrow;
        m[i + 1] = (mp_limb_t)t;
        borrow = (mp_limb_t)(t >> 64) & 1;
    }
    for (top = n; top >= 0 && m[top] == 0; top--)
        ;
    if (top < 0) {
        set_zero(r, 1);                 /* x - x = +0 to nearest */
        return 0;
    }
    if (top < n) {                      /* whole limbs cancelled (exact) */
        int k = n - top;
        for (i = n; i >= 0; i--)
            m[i] = i - k >= 0 ? m[i - k] : 0;
        e -= 64L * k;
    }
    c = __builtin_clzl(m[n]);
    if (c > 0) {
        shift_left(m, n + 1, c);
        e -= c;
    }
    return round_set(r, m + 1, m[0], sticky, n, sa, e);
}

/* r = a + sb b (sb = -1: a - b) for a, b usable of n limbs, with MPFR's
 * zeros: x + 0 = x, and 0 + 0 is -0 only when both are -0. 0, or -1 when
 * MPFR must decide. */
static MP_FAST_INLINE int add_limbs(
    mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, int sb, const int n)
{
    int sa = sign_of(a), sbb = sb * sign_of(b);
    long ea, eb;
    if (!plain(a) || !plain(b)) {       /* a zero: usable() said so */
        int za = mpfr_zero_p(a), zb = mpfr_zero_p(b);
        if (za && zb)
            set_zero(r, sa < 0 && sbb < 0 ? -1 : 1);
        else
            copy_signed(r, zb ? a : b, zb ? sa : sbb, n);
        return 0;
    }
    ea = mpfr_custom_get_exp(a);
    eb = mpfr_custom_get_exp(b);
    if (ea > eb || (ea == eb && (sa == sbb || !below(limbs(a), limbs(b), n))))
        return add_aligned(r, a, sa, b, sbb, n);
    return add_aligned(r, b, sbb, a, sa, n);
}

/* r = a + sb b on the limbs; 0, or -1 when MPFR must decide. */
static int add_signed(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, int sb)
{
    int n = same_limbs(r, a, b);
    if (n == 0 || !((plain(a) && plain(b)) || (usable(a) && usable(b))))
        return -1;
    return n == 2 ? add_limbs(r, a, b, sb, 2)
         : n == 3 ? add_limbs(r, a, b, sb, 3) : add_limbs(r, a, b, sb, 4);
}

void mp_fast_add(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b)
{
    if (add_signed(r, a, b, 1) != 0)
        mpfr_add(r, a, b, MPFR_RNDN);
}

void mp_fast_sub(mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b)
{
    if (add_signed(r, a, b, -1) != 0)
        mpfr_sub(r, a, b, MPFR_RNDN);
}

/* r = a b of n limbs (the precisions known equal), by the limbs or by
 * MPFR. */
static MP_FAST_INLINE void mul_step(
    mpfr_ptr r, mpfr_srcptr a, mpfr_srcptr b, const int n)
{
    if (!((plain(a) && plain(b)) || (usable(a) && usable(b))) ||
        mul_limbs(r, a, b, n) != 0)
        mpfr_mul(r, a, b, MPFR_RNDN);
}

/* x = x + sb t of n limbs (the precisions known equal), by the limbs or
 * by MPFR. */
static MP_FAST_INLINE void add_step(
    mpfr_ptr x, mpfr_srcptr t, int sb, const int n)
{
    if (!((plain(x) && plain(t)) || (usable(x) && usable(t))) ||
        add_limbs(x, x, t, sb, n) != 0) {
        if (sb > 0)
            mpfr_add(x, x, t, MPFR_RNDN);
        else
            mpfr_sub(x, x, t, MPFR_RNDN);
    }
}

/* The loop of mp_fast_conv for n limbs. */
static MP_FAST_INLINE void conv_limbs(
    mpfr_ptr x, mpfr_t *a, mpfr_t *b, int j0, int j1, int k, int sb,
    mpfr_ptr t, const int n)
{
    int j;
    for (j = j0; j <= j1; j++) {
        mul_step(t, a[j], b[k - j], n);
        add_step(x, t, sb, n);
    }
}

/* Whether x, t and the coefficients a[j0 .. j1], b[k-j1 .. k-j0] all have
 * the precision of x. */
static int conv_precisions(mpfr_srcptr x, mpfr_t *a, mpfr_t *b, int j0,
                           int j1, int k, mpfr_srcptr t)
{
    mpfr_prec_t p = mpfr_get_prec(x);
    int j;
    if (mpfr_get_prec(t) != p)
        return 0;
    for (j = j0; j <= j1; j++)
        if (mpfr_get_prec(a[j]) != p || mpfr_get_prec(b[k - j]) != p)
            return 0;
    return 1;
}

void mp_fast_conv(mpfr_ptr x, mpfr_t *a, mpfr_t *b, int j0, int j1, int k,
                  int sb, mpfr_ptr t)
{
    int n = whole_limbs(x), j;
    if (n > 0 && conv_precisions(x, a, b, j0, j1, k, t)) {
        if (n == 2)
            conv_limbs(x, a, b, j0, j1, k, sb, t, 2);
        else if (n == 3)
            conv_limbs(x, a, b, j0, j1, k, sb, t, 3);
        else
            conv_limbs(x, a, b, j0, j1, k, sb, t, 4);
        return;
    }
    for (j = j0; j <= j1; j++) {
        mp_fast_mul(t, a[j], b[k - j]);
        if (sb > 0)
            mp_fast_add(x, x, t);
        else
            mp_fast_sub(x, x, t);
    }
}

/* The loop of mp_fast_horner for n limbs. */
static MP_FAST_INLINE void horner_limbs(
    mpfr_ptr r, mpfr_t *c, int order, mpfr_srcptr s, const int n)
{
    int k;
    for (k = order - 1; k >= 0; k--) {
        mul_step(r, r, s, n);
        add_step(r, c[k], 1, n);
    }
}

void mp_fast_horner(mpfr_ptr r, mpfr_t *c, int order, mpfr_srcptr s)
{
    int n = whole_limbs(r), k;
    mpfr_set(r, c[order], MPFR_RNDN);
    if (n > 0 && mpfr_get_prec(s) == mpfr_get_prec(r) &&
        conv_precisions(r, c, c, 0, order, order, r)) {
        if (n == 2)
            horner_limbs(r, c, order, s, 2);
        else if (n == 3)
            horner_limbs(r, c, order, s, 3);
        else
            horner_limbs(r, c, order, s, 4);
        return;
    }
    for (k = order - 1; k >= 0; k--) {
        mp_fast_mul(r, r, s);
        mp_fast_add(r, r, c[k]);
    }
}

/* The loop of mp_fast_power_sum for n limbs. */
static MP_FAST_INLINE void power_sum_limbs(
    mpfr_ptr x, mpfr_t *w, mpfr_t *r, int i, int q, mpfr_ptr t,
    const int n)
{
    int j;
    for (j = 0; j < i; j++) {
        long m = (long)q * (i - j) - 2L * j;
        if (m == 0)
            continue;
        if (!plain(w[i - j]) || mul_si_limbs(t, w[i - j], m, n) != 0)
            mpfr_mul_si(t, w[i - j], m, MPFR_RNDN);
        mul_step(t, t, r[j], n);
        add_step(x, t, 1, n);
    }
}

void mp_fast_power_sum(mpfr_ptr x, mpfr_t *w, mpfr_t *r, int i, int q,
                       mpfr_ptr t)
{
    int n = whole_limbs(x), j;
    mpfr_set_zero(x, 1);
    if (n > 0 && conv_precisions(x, w, w, 1, i, i, t) &&
        conv_precisions(x, r, r, 0, i - 1, i - 1, t)) {
        if (n == 2)
            power_sum_limbs(x, w, r, i, q, t, 2);
        else if (n == 3)
            power_sum_limbs(x, w, r, i, q, t, 3);
        else
            power_sum_limbs(x, w, r, i, q, t, 4);
        return;
    }
    for (j = 0; j < i; j++) {
        long m = (long)q * (i - j) - 2L * j;
        if (m == 0)
            continue;
        mp_fast_mul_si(t, w[i - j], m);
        mp_fast_mul(t, t, r[j]);
        mp_fast_add(x, x, t);
    }
}
