/* mp_tape.h - expressions of the state as a tape of operations, evaluated
 * in MPFR as truncated Taylor series (automatic differentiation: Griewank
 * and Walther, "Evaluating Derivatives", Ch. 13; Jorba and Zou, Exp.
 * Math. 14, 2005). The high-precision mode writes each right-hand side,
 * guard, storage function and dissipation rate once as a tape; one pass
 * over the tape at coefficient k gives coefficient k of every node.
 *
 * Non-smooth operations (|a|, a|a|^(p-1), |a|^p, min(a,0), max(a,0),
 * sgn a) are evaluated on a smooth piece: each uses the sign s of its
 * operand, fixed for the piece (the operand is then a switching function,
 * and the integrator steps to its zeros). a|a|^(p-1) = s (s a)^p and
 * |a|^p = (s a)^p. When the operand is exactly zero at the start of a
 * piece its series has valuation nu >= 1 (a = u^nu w, w(0) != 0, u the
 * local variable), and (s a)^p = u^(nu p) (s w)^p, which needs nu p to be
 * an integer: the integrator picks the local variable (t, or sqrt of the
 * time since a singular point) that makes it so. */
#ifndef COLLIDE_MP_TAPE_H
#define COLLIDE_MP_TAPE_H

#include <stdio.h> /* before mpfr.h: declares mpfr_fprintf */
#include <mpfr.h>

typedef enum mp_op {
    MP_CONST,   /* a constant */
    MP_VAR,     /* a state component; its series is set by the integrator */
    MP_TIME,    /* t; its series is set by the integrator */
    MP_ADD, MP_SUB, MP_MUL, MP_DIV, MP_NEG,
    MP_POWSGN,  /* a|a|^(p-1) */
    MP_POWABS,  /* |a|^p */
    MP_ABS,     /* |a| */
    MP_MINZ,    /* min(a, 0) */
    MP_MAXZ,    /* max(a, 0) */
    MP_SGN,     /* sgn a, in {-1, +1} on a piece */
    MP_SIN,     /* sin a (the node also carries cos a) */
    MP_COS      /* cos a, read from the MP_SIN node a */
} mp_op;

typedef struct mp_node {
    mp_op op;
    int a, b;        /* operands (node indices), -1 when unused */
    int var;         /* MP_VAR: state index */
    mpfr_t value;    /* MP_CONST: the constant; MP_POW*: the exponent p */
    int p_twice;     /* MP_POW*: 2p when 2p is an integer, else -1 */
    mpfr_t *c;       /* Taylor coefficients 0 .. order */
    mpfr_t *aux;     /* MP_SIN: the coefficients of cos a */
    /* on the current piece */
    int sign;        /* sign of this node's value, when it is an operand of
                        a non-smooth operation (+1 or -1): a switching
                        function */
    int nu;          /* MP_POW*: valuation of the operand (0: a(0) != 0) */
} mp_node;

typedef struct mp_tape {
    int n, cap;
    mp_node *node;
    int failed;       /* a constructor ran out of memory: a node the
                         builder holds may be missing, the tape is unusable */
    int order;        /* coefficients 0 .. order are kept */
    mpfr_prec_t prec;
    mpfr_t t1, t2, t3; /* scratch */
} mp_tape;

/* An empty tape at precision prec. */
void mp_tape_init(mp_tape *T, mpfr_prec_t prec);
void mp_tape_clear(mp_tape *T);

/* Node constructors; each returns the new node's index (or -1 when out
 * of memory, which every later constructor passes on). Equal constants
 * are one node: mp_const and mp_const_d return the constant node of the
 * same value (and sign) when the tape has one. */
int mp_const(mp_tape *T, mpfr_srcptr v);
int mp_const_d(mp_tape *T, double v);       /* v must be exact in binary */
int mp_var(mp_tape *T, int i);
int mp_time(mp_tape *T);
int mp_add(mp_tape *T, int a, int b);
int mp_sub(mp_tape *T, int a, int b);
int mp_mul(mp_tape *T, int a, int b);
int mp_div(mp_tape *T, int a, int b);
int mp_neg(mp_tape *T, int a);
int mp_powsgn(mp_tape *T, int a, mpfr_srcptr p);
int mp_powabs(mp_tape *T, int a, mpfr_srcptr p);
int mp_abs(mp_tape *T, int a);
int mp_minz(mp_tape *T, int a);
int mp_maxz(mp_tape *T, int a);
int mp_sgn(mp_tape *T, int a);
int mp_sin(mp_tape *T, int a);
int mp_cos(mp_tape *T, int a);   /* a: an MP_SIN node */

/* Allocates the coefficient arrays for Taylor order `order`. 0 on
 * success, -1 when out of memory. */
int mp_tape_set_order(mp_tape *T, int order);

/* Marks in mask (n bytes) the nodes that the nodes of roots[0 .. nroots-1]
 * depend on, themselves included. */
void mp_tape_mark(const mp_tape *T, const int *roots, int nroots,
                  unsigned char *mask);

/* Computes coefficient k of every node of mask (in tape order; the
 * MP_VAR and MP_TIME coefficients up to k must be set). Returns 0, or -1
 * when an operation is undefined (division by a zero series, a power of a
 * zero operand whose valuation is not known or makes nu p fractional). */
int mp_tape_eval(mp_tape *T, const unsigned char *mask, int k);

/* Computes coefficient k of node i alone (its operands known to k). */
int mp_tape_eval_node(mp_tape *T, int i, int k);

/* sum_k c[k] s^k for k = 0 .. order (Horner), and its derivative. */
void mp_series_value(mpfr_t r, mpfr_t *c, int order, mpfr_srcptr s,
                     mpfr_t tmp);
void mp_series_slope(mpfr_t r, mpfr_t *c, int order, mpfr_srcptr s,
                     mpfr_t tmp);

/* The derivative's coefficients d[k-1] = k c[k], k = 1 .. order (order >=
 * 1), each rounded as mp_series_slope rounds it: mp_series_value(r, d,
 * order - 1, s, tmp) is then mp_series_slope(r, c, order, s, tmp) bit for
 * bit, without the order multiplications by k of each evaluation. */
void mp_series_derivative(mpfr_t *d, mpfr_t *c, int order);

#endif
