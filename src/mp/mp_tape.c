/* mp_tape.c - Taylor-series evaluation of expression tapes in MPFR; see
 * mp_tape.h. Each operation is one recurrence for coefficient k. */
#include "mp_tape.h"

#include "mp_fast.h"

#include <stdlib.h>
#include <string.h>

void mp_tape_init(mp_tape *T, mpfr_prec_t prec)
{
    memset(T, 0, sizeof *T);
    T->prec = prec;
    T->order = -1;
    mpfr_inits2(prec, T->t1, T->t2, T->t3, (mpfr_ptr)0);
}

/* Frees the coefficient arrays of node x. */
static void free_series(mp_node *x, int order)
{
    int k;
    for (k = 0; k <= order; k++) {
        if (x->c)
            mpfr_clear(x->c[k]);
        if (x->aux)
            mpfr_clear(x->aux[k]);
    }
    free(x->c);
    free(x->aux);
    x->c = x->aux = NULL;
}

void mp_tape_clear(mp_tape *T)
{
    int i;
    for (i = 0; i < T->n; i++) {
        free_series(&T->node[i], T->order);
        mpfr_clear(T->node[i].value);
    }
    free(T->node);
    mpfr_clears(T->t1, T->t2, T->t3, (mpfr_ptr)0);
    memset(T, 0, sizeof *T);
}

/* A new node of operation op on a and b; -1 if an operand is -1 or out of
 * memory. */
static int add_node(mp_tape *T, mp_op op, int a, int b)
{
    mp_node *x;
    if ((a < -1) || (b < -1) || T->order >= 0)
        return -1;
    if ((op >= MP_ADD && a < 0) || (op >= MP_ADD && op <= MP_DIV && b < 0))
        return -1;
    if (T->n == T->cap) {
        int nc = T->cap ? 2 * T->cap : 64;
        mp_node *p = realloc(T->node, (size_t)nc * sizeof *p);
        if (!p) {
            T->failed = 1;
            return -1;
        }
        T->node = p;
        T->cap = nc;
    }
    x = &T->node[T->n];
    memset(x, 0, sizeof *x);
    x->op = op;
    x->a = a;
    x->b = b;
    x->var = -1;
    x->p_twice = -1;
    x->sign = 1;
    mpfr_init2(x->value, T->prec);
    mpfr_set_zero(x->value, 1);
    return T->n++;
}

/* The constant node of value T->t1 (its sign that of a zero too): one
 * already on the tape, else a new one; -1 if out of memory. */
static int const_node(mp_tape *T)
{
    int i;
    for (i = 0; T->order < 0 && i < T->n; i++)
        if (T->node[i].op == MP_CONST &&
            mpfr_equal_p(T->node[i].value, T->t1) &&
            mpfr_signbit(T->node[i].value) == mpfr_signbit(T->t1))
            return i;
    i = add_node(T, MP_CONST, -1, -1);
    if (i >= 0)
        mpfr_set(T->node[i].value, T->t1, MPFR_RNDN);
    return i;
}

int mp_const(mp_tape *T, mpfr_srcptr v)
{
    mpfr_set(T->t1, v, MPFR_RNDN);
    return const_node(T);
}

int mp_const_d(mp_tape *T, double v)
{
    mpfr_set_d(T->t1, v, MPFR_RNDN);
    return const_node(T);
}

int mp_var(mp_tape *T, int v)
{
    int i = add_node(T, MP_VAR, -1, -1);
    if (i >= 0)
        T->node[i].var = v;
    return i;
}

int mp_time(mp_tape *T) { return add_node(T, MP_TIME, -1, -1); }
int mp_add(mp_tape *T, int a, int b) { return add_node(T, MP_ADD, a, b); }
int mp_sub(mp_tape *T, int a, int b) { return add_node(T, MP_SUB, a, b); }
int mp_mul(mp_tape *T, int a, int b) { return add_node(T, MP_MUL, a, b); }
int mp_div(mp_tape *T, int a, int b) { return add_node(T, MP_DIV, a, b); }
int mp_neg(mp_tape *T, int a) { return add_node(T, MP_NEG, a, -1); }
int mp_abs(mp_tape *T, int a) { return add_node(T, MP_ABS, a, -1); }
int mp_minz(mp_tape *T, int a) { return add_node(T, MP_MINZ, a, -1); }
int mp_maxz(mp_tape *T, int a) { return add_node(T, MP_MAXZ, a, -1); }
int mp_sgn(mp_tape *T, int a) { return add_node(T, MP_SGN, a, -1); }
int mp_sin(mp_tape *T, int a) { return add_node(T, MP_SIN, a, -1); }

int mp_cos(mp_tape *T, int a)
{
    if (a < 0 || T->node[a].op != MP_SIN)
        return -1;
    return add_node(T, MP_COS, a, -1);
}

/* A power node of exponent p >= 1. */
static int power(mp_tape *T, mp_op op, int a, mpfr_srcptr p)
{
    int i = add_node(T, op, a, -1);
    if (i >= 0) {
        mp_node *x = &T->node[i];
        mpfr_set(x->value, p, MPFR_RNDN);
        mpfr_mul_2ui(T->t1, p, 1, MPFR_RNDN);
        x->p_twice = mpfr_integer_p(T->t1) && mpfr_fits_sint_p(T->t1, MPFR_RNDN)
                         ? (int)mpfr_get_si(T->t1, MPFR_RNDN)
                         : -1;
    }
    return i;
}

int mp_powsgn(mp_tape *T, int a, mpfr_srcptr p) { return power(T, MP_POWSGN, a, p); }
int mp_powabs(mp_tape *T, int a, mpfr_srcptr p) { return power(T, MP_POWABS, a, p); }

/* An array of n + 1 MPFR numbers at precision prec, set to 0. */
static mpfr_t *new_series(int n, mpfr_prec_t prec)
{
    mpfr_t *c = malloc((size_t)(n + 1) * sizeof *c);
    int k;
    if (!c)
        return NULL;
    for (k = 0; k <= n; k++) {
        mpfr_init2(c[k], prec);
        mpfr_set_zero(c[k], 1);
    }
    return c;
}

int mp_tape_set_order(mp_tape *T, int order)
{
    int i;
    for (i = 0; i < T->n; i++)
        free_series(&T->node[i], T->order);
    T->order = order;
    for (i = 0; i < T->n; i++) {
        mp_node *x = &T->node[i];
        x->c = new_series(order, T->prec);
        if (x->op == MP_SIN)
            x->aux = new_series(order, T->prec);
        if (!x->c || (x->op == MP_SIN && !x->aux))
            return -1;
    }
    return 0;
}

void mp_tape_mark(const mp_tape *T, const int *roots, int nroots,
                  unsigned char *mask)
{
    int i;
    for (i = 0; i < nroots; i++)
        if (roots[i] >= 0)
            mask[roots[i]] = 1;
    for (i = T->n - 1; i >= 0; i--) {
        if (!mask[i])
            continue;
        if (T->node[i].a >= 0)
            mask[T->node[i].a] = 1;
        if (T->node[i].b >= 0)
            mask[T->node[i].b] = 1;
    }
}

/* c_k of a * b (Cauchy product). */
static void eval_mul(mp_tape *T, mp_node *x, int k)
{
    const mp_node *a = &T->node[x->a], *b = &T->node[x->b];
    if (a->op == MP_CONST || b->op == MP_CONST) {
        const mp_node *s = a->op == MP_CONST ? a : b, *y = s == a ? b : a;
        mp_fast_mul(x->c[k], y->c[k], s->value);
        return;
    }
    mp_fast_mul(x->c[k], a->c[0], b->c[k]);
    mp_fast_conv(x->c[k], a->c, b->c, 1, k, k, 1, T->t1);
}

/* c_k of a / b: (a_k - sum_{j<k} c_j b_{k-j}) / b_0. */
static int eval_div(mp_tape *T, mp_node *x, int k)
{
    const mp_node *a = &T->node[x->a], *b = &T->node[x->b];
    if (mpfr_zero_p(b->c[0]))
        return -1;
    mpfr_set(T->t2, a->c[k], MPFR_RNDN);
    if (b->op != MP_CONST)
        mp_fast_conv(T->t2, x->c, b->c, 0, k - 1, k, -1, T->t1);
    mpfr_div(x->c[k], T->t2, b->c[0], MPFR_RNDN);
    return 0;
}

/* Coefficient i >= 1 of the power of exponent p = p_twice / 2 (p_twice
 * >= 0), r_i = sum_{j<i} (p (i-j) - j) w_{i-j} r_j / (i w_0), with the
 * same roundings as the general recurrence of power_coefficient and with
 * 2 of its 5 operations per term: the factor p (i-j) - j is a multiple m/2
 * of 1/2 (m = p_twice (i-j) - 2j, |m| < 2^41 for i < 2^10 and p_twice <
 * 2^31, exact at 53 bits and more), so the general one's two roundings of
 * it are exact. Every term and the sum are carried doubled: round(m w) =
 * 2 round((m/2) w) and doubling commutes with every rounding (binary
 * scaling), so the quotient of the doubled sum by the doubled divisor
 * 2 i w_0 (rounded as i w_0 is, doubled) is r_i bit for bit. A term with
 * m = 0 adds a zero, which leaves a non-zero sum as it is and a +0 sum
 * +0: it is skipped. */
static int power_sum_twice(mp_tape *T, int p_twice, mpfr_t *w, mpfr_t *r,
                           int i)
{
    mp_fast_power_sum(T->t2, w, r, i, p_twice, T->t1);
    mpfr_mul_si(T->t1, w[0], 2L * i, MPFR_RNDN);
    mpfr_div(r[i], T->t2, T->t1, MPFR_RNDN);
    return 0;
}

/* Coefficient i of (s w)^p, times s for a|a|^(p-1), where w_j = a_{j+nu}
 * and the coefficients 0 .. i-1 of the result are r[0 .. i-1]:
 * r_0 = (s w_0)^p, r_i = sum_{j<i} (p (i-j) - j) w_{i-j} r_j / (i w_0). */
static int power_coefficient(mp_tape *T, mp_node *x, mpfr_t *r, int i)
{
    mpfr_t *w = T->node[x->a].c + x->nu;
    int s = T->node[x->a].sign, j;
    if (i == 0) {
        mpfr_mul_si(T->t1, w[0], s, MPFR_RNDN);
        if (mpfr_sgn(T->t1) <= 0)
            return -1;  /* the operand does not leave zero on the side s */
        if (x->p_twice >= 0 && x->p_twice % 2 == 0)   /* both correctly rounded */
            mpfr_pow_si(r[0], T->t1, x->p_twice / 2, MPFR_RNDN);
        else
            mpfr_pow(r[0], T->t1, x->value, MPFR_RNDN);
        if (x->op == MP_POWSGN && s < 0)
            mpfr_neg(r[0], r[0], MPFR_RNDN);
        return 0;
    }
    if (x->p_twice >= 0)
        return power_sum_twice(T, x->p_twice, w, r, i);
    mpfr_set_zero(T->t2, 1);
    for (j = 0; j < i; j++) {
        mpfr_mul_si(T->t1, x->value, i - j, MPFR_RNDN);
        mpfr_sub_si(T->t1, T->t1, j, MPFR_RNDN);
        mpfr_mul(T->t1, T->t1, w[i - j], MPFR_RNDN);
        mpfr_mul(T->t1, T->t1, r[j], MPFR_RNDN);
        mpfr_add(T->t2, T->t2, T->t1, MPFR_RNDN);
    }
    mpfr_mul_si(T->t1, w[0], i, MPFR_RNDN);
    mpfr_div(r[i], T->t2, T->t1, MPFR_RNDN);
    return 0;
}

/* c_k of s (s a)^p or (s a)^p; a has valuation nu, so the result is
 * u^(nu p) (s w)^p: zero below k = nu p. */
static int eval_power(mp_tape *T, mp_node *x, int k)
{
    int shift;
    if (x->nu > 0) {
        if (x->p_twice < 0 || (x->nu * x->p_twice) % 2 != 0)
            return -1;  /* nu p is not an integer */
        shift = x->nu * x->p_twice / 2;
        if (shift < x->nu)
            return -1;  /* p < 1 */
    } else
        shift = 0;
    if (k < shift) {
        mpfr_set_zero(x->c[k], 1);
        return 0;
    }
    return power_coefficient(T, x, x->c + shift, k - shift);
}

/* c_k of sin a (into c) and cos a (into aux). */
static void eval_sin(mp_tape *T, mp_node *x, int k)
{
    const mp_node *a = &T->node[x->a];
    int j;
    if (k == 0) {
        mpfr_sin_cos(x->c[0], x->aux[0], a->c[0], MPFR_RNDN);
        return;
    }
    mpfr_set_zero(x->c[k], 1);
    mpfr_set_zero(x->aux[k], 1);
    for (j = 1; j <= k; j++) {
        mp_fast_mul_si(T->t3, a->c[j], j);
        mp_fast_mul(T->t1, T->t3, x->aux[k - j]);
        mp_fast_add(x->c[k], x->c[k], T->t1);
        mp_fast_mul(T->t1, T->t3, x->c[k - j]);
        mp_fast_sub(x->aux[k], x->aux[k], T->t1);
    }
    mpfr_div_si(x->c[k], x->c[k], k, MPFR_RNDN);
    mpfr_div_si(x->aux[k], x->aux[k], k, MPFR_RNDN);
}

/* c_k of node x whose operands are known to coefficient k. */
static int eval_node(mp_tape *T, mp_node *x, int k)
{
    mpfr_t *a = x->a >= 0 ? T->node[x->a].c : NULL;
    mpfr_t *b = x->b >= 0 ? T->node[x->b].c : NULL;
    int s = x->a >= 0 ? T->node[x->a].sign : 1;
    switch (x->op) {
    case MP_CONST:
        if (k == 0)
            mpfr_set(x->c[0], x->value, MPFR_RNDN);
        else
            mpfr_set_zero(x->c[k], 1);
        return 0;
    case MP_VAR:
    case MP_TIME:
        return 0;
    case MP_ADD: mp_fast_add(x->c[k], a[k], b[k]); return 0;
    case MP_SUB: mp_fast_sub(x->c[k], a[k], b[k]); return 0;
    case MP_NEG: mpfr_neg(x->c[k], a[k], MPFR_RNDN); return 0;
    case MP_MUL: eval_mul(T, x, k); return 0;
    case MP_DIV: return eval_div(T, x, k);
    case MP_POWSGN:
    case MP_POWABS:
        return eval_power(T, x, k);
    case MP_ABS: mpfr_mul_si(x->c[k], a[k], s, MPFR_RNDN); return 0;
    case MP_MINZ:
        if (s < 0) mpfr_set(x->c[k], a[k], MPFR_RNDN);
        else mpfr_set_zero(x->c[k], 1);
        return 0;
    case MP_MAXZ:
        if (s > 0) mpfr_set(x->c[k], a[k], MPFR_RNDN);
        else mpfr_set_zero(x->c[k], 1);
        return 0;
    case MP_SGN:
        if (k == 0) mpfr_set_si(x->c[0], s, MPFR_RNDN);
        else mpfr_set_zero(x->c[k], 1);
        return 0;
    case MP_SIN: eval_sin(T, x, k); return 0;
    case MP_COS: mpfr_set(x->c[k], T->node[x->a].aux[k], MPFR_RNDN); return 0;
    }
    return -1;
}

int mp_tape_eval_node(mp_tape *T, int i, int k)
{
    return eval_node(T, &T->node[i], k);
}

int mp_tape_eval(mp_tape *T, const unsigned char *mask, int k)
{
    int i;
    for (i = 0; i < T->n; i++)
        if (mask[i] && eval_node(T, &T->node[i], k) != 0)
            return -1;
    return 0;
}

void mp_series_value(mpfr_t r, mpfr_t *c, int order, mpfr_srcptr s,
                     mpfr_t tmp)
{
    mp_fast_horner(tmp, c, order, s);
    mpfr_set(r, tmp, MPFR_RNDN);
}

void mp_series_derivative(mpfr_t *d, mpfr_t *c, int order)
{
    int k;
    for (k = 1; k <= order; k++)
        mp_fast_mul_si(d[k - 1], c[k], k);
}

void mp_series_slope(mpfr_t r, mpfr_t *c, int order, mpfr_srcptr s,
                     mpfr_t tmp)
{
    int k;
    if (order < 1) {
        mpfr_set_zero(r, 1);
        return;
    }
    mp_fast_mul_si(tmp, c[order], order);
    for (k = order - 1; k >= 1; k--) {
        mp_fast_mul(tmp, tmp, s);
        mp_fast_mul_si(r, c[k], k);
        mp_fast_add(tmp, tmp, r);
    }
    mpfr_set(r, tmp, MPFR_RNDN);
}
