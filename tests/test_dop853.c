/* test_dop853.c - checks of the DOP853 pair (src/kernel/dop853.c):
 *  1. the coefficients: row sums, all order conditions of the 8th-order
 *     weights (every rooted tree up to order 8), the conditions of the
 *     5th- and 3rd-order estimators, and that the integrator really uses
 *     the published table (stages recovered by probing dop853_step);
 *  2. observed order 8 on y' = y with fixed steps;
 *  3. exactness on polynomial solutions, one large step and dense output;
 *  4. observed order of the continuous extension;
 *  5. dense_deriv, end points of dense_eval and of the Hermite cubic;
 *  6. adaptive integration of the harmonic oscillator, counting of f;
 *  7. non-finite steps; the step-size controller and the starting step.
 *
 * Rounding tolerances: u = 2^-53 is the unit roundoff of binary64. Every
 * "exact to rounding" check compares with a first-order bound of the
 * rounding error computed alongside (a running error bound: each
 * rounding contributes at most u times the magnitude of its result,
 * propagated with the exact sensitivities, by reverse accumulation for
 * the order conditions); the derivation is stated where it is used. The
 * observed errors stay well inside the bounds, and each such check has a
 * counterpart showing that a genuine defect (one degree more, a changed
 * coefficient) exceeds its bound by orders of magnitude. */
#include "check.h"
#include "dop853.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const double U = DBL_EPSILON / 2.0; /* unit roundoff 2^-53 */
static const double PI = 3.14159265358979323846264338327950288;

enum { S = 12, NS = 16, NT_MAX = 200, ORDER_MAX = 8 };

/* the data of the step under test (shared by the tests below) */
static dop853_step_data step_data;

/* ------------------------------------------------------------------ */
/* 1. Coefficients                                                     */
/* ------------------------------------------------------------------ */

/* Row-sum conditions c_i = sum_j a_ij (Eq. II.1.9) for every stage,
 * including the b row (c = 1) and the dense stages. Each of the m + 1
 * literals rounds with relative error <= u and the summation of m terms
 * adds <= (m - 1) u of the sum of magnitudes: tolerance
 * (m + 2) u (sum_j |a_ij| + |c_i|). */
static void check_row_sums(const dop853_tableau *T)
{
    double worst = 0.0;
    for (int i = 1; i < 16; i++) {
        double sum = 0.0, mag = fabs(T->c[i]);
        for (int j = 0; j < i; j++) {
            sum += T->a[i][j];
            mag += fabs(T->a[i][j]);
        }
        double ratio = fabs(sum - T->c[i]) / ((i + 2) * U * mag);
        if (ratio > worst)
            worst = ratio;
    }
    check_range(worst, 0.0, 1.0,
                "row sums c_i = sum_j a_ij (residual / rounding bound)");
    check_true(T->c[12] == 1.0 && T->c[11] == 1.0,
               "c_12 = c_13 = 1 (stage 12 and FSAL stage at t0 + h)");
}

/* Rooted trees up to order 8, each as the multiset of its children
 * (indices into the list, non-decreasing); generated order by order. */
typedef struct tree {
    int order, nchild, child[ORDER_MAX];
    double gamma; /* density gamma(t) = |t| prod gamma(children) */
} tree;

static tree trees[NT_MAX];
static int n_trees;

static void add_children(int order, int left, int min_index, tree *t)
{
    if (left == 0) {
        t->order = order;
        t->gamma = order;
        for (int k = 0; k < t->nchild; k++)
            t->gamma *= trees[t->child[k]].gamma;
        if (n_trees < NT_MAX)
            trees[n_trees] = *t;
        n_trees++;
        return;
    }
    for (int c = min_index; c < n_trees && trees[c].order < order; c++) {
        if (trees[c].order > left)
            continue;
        t->child[t->nchild++] = c;
        add_children(order, left - trees[c].order, c, t);
        t->nchild--;
    }
}

static void generate_trees(void)
{
    n_trees = 0;
    /* children come only from trees of smaller order, which precede */
    for (int order = 1; order <= ORDER_MAX; order++) {
        tree t;
        memset(&t, 0, sizeof t);
        add_children(order, order - 1, 0, &t);
    }
}

/* Elementary weights (Section II.2, Theorem 2.13) over all 16 stages (row
 * 12 of a is b: stage 12 is f1 at y1): for a tree t = [t1..tm],
 * g_i(t) = prod_k (sum_j a_ij g_j(tk)), with g_i(single node) = 1.
 * Weights w satisfy the condition of tree t at theta when
 * Phi(t) = sum_i w_i g_i(t) = theta^|t| / gamma(t) (theta = 1 for the
 * weights of a step; Section II.6 for continuous extensions). */
static const double (*tab_a)[16];
static double g[NT_MAX][NS];

static double inner(int i, int c)
{
    double s = 0.0;
    for (int j = 0; j < i; j++)
        s += tab_a[i][j] * g[c][j];
    return s;
}

static double inner_abs(int i, int c)
{
    double s = 0.0;
    for (int j = 0; j < i; j++)
        s += fabs(tab_a[i][j] * g[c][j]);
    return s;
}

static void elementary_weights(const double a[16][16])
{
    tab_a = a;
    for (int t = 0; t < n_trees; t++) {
        for (int i = 0; i < NS; i++) {
            double p = 1.0;
            for (int k = 0; k < trees[t].nchild; k++)
                p *= inner(i, trees[t].child[k]);
            g[t][i] = p;
        }
    }
}

/* product of the inner sums of the children of tree x at stage i,
 * leaving out child number skip */
static double product_except(int x, int i, int skip)
{
    double p = 1.0;
    for (int k = 0; k < trees[x].nchild; k++)
        if (k != skip)
            p *= inner(i, trees[x].child[k]);
    return p;
}

/* A set of weights with a bound ew_i on the error of each computed w_i
 * (u |w_i| for a literal). */
typedef struct weights {
    double w[NS], ew[NS];
} weights;

/* Rounding bound of the computed Phi(t) - theta^|t|/gamma(t), to first
 * order in u. Each inner sum of i terms a_ij g_j carries at most i + 1
 * roundings per term (the literal a_ij, the product, i - 1 additions):
 * local error (i + 1) u sum_j |a_ij g_j|; a product of m factors adds
 * (m - 1) u |g|; the outer sum NS u sum |w_i g_i| plus the errors of the
 * weights sum ew_i |g_i|; the right-hand side rhs_err. Each local error
 * reaches Phi multiplied by the adjoint dPhi/d(quantity), computed by
 * reverse accumulation over the subtrees (children have smaller indices
 * than their parents). */
static double adj[NT_MAX][NS];

static double rounding_bound(const weights *W, int t, double rhs_err)
{
    double bound = rhs_err;
    memset(adj, 0, sizeof adj);
    for (int i = 0; i < NS; i++) {
        adj[t][i] = W->w[i];
        bound += NS * U * fabs(W->w[i] * g[t][i]) + W->ew[i] * fabs(g[t][i]);
    }
    for (int x = t; x >= 0; x--) {
        int m = trees[x].nchild;
        for (int i = 0; i < NS && m > 0; i++) {
            if (adj[x][i] == 0.0)
                continue;
            bound += (m - 1) * U * fabs(adj[x][i] * g[x][i]);
            for (int k = 0; k < m; k++) {
                int c = trees[x].child[k];
                double as = adj[x][i] * product_except(x, i, k);
                bound += (i + 1) * U * fabs(as) * inner_abs(i, c);
                for (int j = 0; j < i; j++)
                    adj[c][j] += as * tab_a[i][j];
            }
        }
    }
    return bound;
}

/* Largest |Phi(t) - theta^|t|/gamma(t)| / rounding_bound over the trees
 * of order <= max_order (the tree where it occurs in *worst) and the
 * largest absolute residual (in *abs_max). theta^|t|/gamma(t) is
 * computed with |t| + 1 roundings. */
static double order_residual(const weights *W, int max_order, double theta,
                             int *worst, double *abs_max)
{
    double ratio_max = 0.0;
    *worst = 0;
    *abs_max = 0.0;
    for (int t = 0; t < n_trees && trees[t].order <= max_order; t++) {
        double phi = 0.0;
        for (int i = 0; i < NS; i++)
            phi += W->w[i] * g[t][i];
        double want = pow(theta, trees[t].order) / trees[t].gamma;
        double r = fabs(phi - want);
        double bound =
            rounding_bound(W, t, (trees[t].order + 1) * U * want);
        *abs_max = fmax(*abs_max, r);
        if (r / bound > ratio_max) {
            ratio_max = r / bound;
            *worst = t;
        }
    }
    return ratio_max;
}

static void check_tree_count(void)
{
    static const int count[ORDER_MAX + 1] = {0, 1, 1, 2, 4, 9, 20, 48, 115};
    int ok = n_trees == 200;
    for (int t = 0, q = 1; q <= ORDER_MAX; q++) {
        int c = 0;
        while (t < n_trees && trees[t].order == q) {
            c++;
            t++;
        }
        ok = ok && c == count[q];
    }
    check_true(ok, "rooted trees up to order 8: 1,1,2,4,9,20,48,115");
}

/* literal weights of the first S stages, zero for the others */
static weights literal_weights(const double *w)
{
    weights W;
    memset(&W, 0, sizeof W);
    for (int i = 0; i < S; i++) {
        W.w[i] = w[i];
        W.ew[i] = U * fabs(w[i]);
    }
    return W;
}

/* Two checks per set of weights: every residual within its rigorous
 * first-order rounding bound (at most ~2e-13: all roundings aligned), and
 * the sharp target of a few units of 1e-15: all residuals <= 1e-14
 * (about 90 u; the rounding errors of the sums of ~20 terms of magnitude
 * <= ~10 do not align, the observed residuals are <= 5e-15). */
static void check_weights(const char *name, const weights *W, int order)
{
    char label[160];
    int worst = 0;
    double abs_max = 0.0;
    double r = order_residual(W, order, 1.0, &worst, &abs_max);
    printf("      %s: worst residual %.3f of its rounding bound, largest "
           "%.2g\n",
           name, r, abs_max);
    snprintf(label, sizeof label,
             "%s: all order conditions up to order %d within the rounding "
             "bound",
             name, order);
    check_range(r, 0.0, 1.0, label);
    snprintf(label, sizeof label,
             "%s: all order conditions up to order %d to 1e-14", name,
             order);
    check_range(abs_max, 0.0, 1e-14, label);
}

/* Quadrature conditions sum_i w_i c_i^(q-1) = 1/q, q = 1..order, with the
 * published nodes c_i; bound (q + S + 2) u sum |w_i| c_i^(q-1). */
static double quadrature_residual(const double *w, const double *c, int q)
{
    double s = 0.0, mag = 0.0;
    for (int i = 0; i < S; i++) {
        double p = pow(c[i], q - 1);
        s += w[i] * p;
        mag += fabs(w[i]) * p;
    }
    return fabs(s - 1.0 / q) / ((q + S + 2) * U * mag + U / q);
}

static void check_quadrature(const char *name, const double *w,
                             const double *c, int order)
{
    char label[160];
    double worst = 0.0;
    for (int q = 1; q <= order; q++)
        worst = fmax(worst, quadrature_residual(w, c, q));
    printf("      %s quadrature: worst residual %.2f of its bound\n", name,
           worst);
    snprintf(label, sizeof label,
             "%s: sum w_i c_i^(q-1) = 1/q for q = 1..%d (residual / bound)",
             name, order);
    check_range(worst, 0.0, 1.0, label);
}

/* Weights b_i(theta) of the continuous extension, read off the form of
 * dop853_dense_prepare (u = y0 + h sum_i b_i(theta) k_i):
 *   b(theta) = theta (b + theta1 ((e0 - b) + theta ((2b - e0 - e12)
 *              + theta1 (d4 + theta (d5 + theta1 (d6 + theta d7)))))),
 * e0, e12 the unit vectors of stages 0 and 12 (f0 and f1), evaluated
 * from the inside out with a running error bound: for v = a + x w with x
 * (theta or theta1) exact, E(v) = |x| E(w) + u |x w| + E(a) + u |v|. */
static void nest(double *v, double *e, double a, double ea, double x)
{
    double prod = x * *v;
    double ep = fabs(x) * *e + U * fabs(prod);
    *v = a + prod;
    *e = ep + ea + U * fabs(*v);
}

static weights dense_weights(const dop853_tableau *T, double theta)
{
    const double(*d)[16] = T->d;
    weights W;
    double th1 = 1.0 - theta;
    for (int i = 0; i < NS; i++) {
        double b = i < S ? T->b[i] : 0.0;
        double e0 = i == 0 ? 1.0 : 0.0, e12 = i == 12 ? 1.0 : 0.0;
        double c1 = e0 - b, c2 = 2.0 * b - e0 - e12;
        double eb = U * fabs(b);
        double ec1 = eb + U * fabs(c1);
        double ec2 = 2.0 * eb + U * (fabs(2.0 * b - e0) + fabs(c2));
        double v = d[3][i], e = U * fabs(v);
        nest(&v, &e, d[2][i], U * fabs(d[2][i]), theta);
        nest(&v, &e, d[1][i], U * fabs(d[1][i]), th1);
        nest(&v, &e, d[0][i], U * fabs(d[0][i]), theta);
        nest(&v, &e, c2, ec2, th1);
        nest(&v, &e, c1, ec1, theta);
        nest(&v, &e, b, eb, th1);
        W.w[i] = theta * v;
        W.ew[i] = theta * e + U * fabs(W.w[i]);
    }
    return W;
}

/* All conditions of order <= 7 at theta = 1/8, ..., 7/8 (dyadic: exact);
 * returns the worst ratio to the rounding bound. */
static double dense_residual(const dop853_tableau *T, int order,
                             double *abs_max)
{
    double worst = 0.0;
    *abs_max = 0.0;
    for (int k = 1; k < 8; k++) {
        weights W = dense_weights(T, k / 8.0);
        int t;
        double a;
        worst = fmax(worst, order_residual(&W, order, k / 8.0, &t, &a));
        *abs_max = fmax(*abs_max, a);
    }
    return worst;
}

static void check_dense_conditions(const dop853_tableau *T)
{
    double abs_max;
    double r = dense_residual(T, 7, &abs_max);
    printf("      dense weights b(theta): worst residual %.3f of its "
           "rounding bound, largest %.2g\n",
           r, abs_max);
    check_range(r, 0.0, 1.0,
                "b(theta): all conditions of order <= 7 at theta = k/8");
    check_true(dense_residual(T, 8, &abs_max) > 100.0,
               "b(theta): not all conditions of order 8 (order is 7)");
    dop853_tableau M = *T;
    M.d[1][5] *= 1.0 + 1e-12;
    check_true(dense_residual(&M, 7, &abs_max) > 1.0,
               "dense conditions detect a 1e-12 change of d5,6");
}

/* The conditions do detect a wrong digit: a relative change of 1e-13 in
 * b_8 must violate them. */
static void check_sensitivity(const dop853_tableau *T)
{
    double w[S];
    int worst = 0;
    double abs_max = 0.0;
    memcpy(w, T->b, sizeof w);
    w[7] *= 1.0 + 1e-13;
    weights W = literal_weights(w);
    check_true(order_residual(&W, 8, 1.0, &worst, &abs_max) > 1.0,
               "order conditions detect a 1e-13 change of b_8");
}

static void check_order_conditions(const dop853_tableau *T)
{
    double bhat[S];
    for (int i = 0; i < S; i++)
        bhat[i] = T->b[i] - T->e5[i];
    generate_trees();
    check_tree_count();
    elementary_weights(T->a);

    weights W = literal_weights(T->b);
    check_weights("b (8th order)", &W, 8);
    check_quadrature("b", T->b, T->c, 8);

    /* bhat = b - e5: two literals and one subtraction */
    W = literal_weights(bhat);
    for (int i = 0; i < S; i++)
        W.ew[i] = U * (fabs(T->b[i]) + fabs(T->e5[i]) + fabs(bhat[i]));
    check_weights("bhat = b - e5 (5th order)", &W, 5);
    check_quadrature("bhat", bhat, T->c, 5);

    W = literal_weights(T->bhh);
    check_weights("bhh (3rd order)", &W, 3);

    int same = 1;
    for (int j = 0; j < S; j++)
        same = same && T->b[j] == T->a[12][j];
    check_true(same, "b equals row 12 of a (FSAL)");
    check_sensitivity(T);
    check_dense_conditions(T);
}

/* Probing the integrator: with y0 = 0, h = 1 and f returning the unit
 * vector e_(m+1) at its m-th call (f0 = e_0), the argument of the call
 * for stage i is exactly (c_i, a_i0, ..., a_i,i-1) and y1 = b: the step
 * uses exactly the published table. */
typedef struct probe {
    int calls;
    double t[16], y[16][COLLIDE_NY_MAX];
} probe;

static void probe_rhs(void *ctx, double t, const double *y, double *dy)
{
    probe *p = ctx;
    int m = p->calls++;
    if (m < 16) {
        p->t[m] = t;
        memcpy(p->y[m], y, sizeof p->y[m]);
    }
    for (int i = 0; i < 16; i++)
        dy[i] = i == m + 1 ? 1.0 : 0.0;
}

static int rows_match(const dop853_tableau *T, const probe *p, int from,
                      int to)
{
    int ok = 1;
    for (int i = from; i < to; i++) {
        ok = ok && p->t[i - 1] == T->c[i];
        for (int j = 0; j < 16; j++)
            ok = ok && p->y[i - 1][j] == (j < i ? T->a[i][j] : 0.0);
    }
    return ok;
}

/* The error norm of the probe step (y0 = 0, h = 1, component j of the
 * stages = unit vector e_j, so err5_j = e5_j, err3_j = b_j - bhh_j and
 * y1_j = b_j) with atol = 1: sk_j = 1 + rtol |b_j|. */
static double probe_error_norm(const dop853_tableau *T, double rtol)
{
    double s5 = 0.0, s3 = 0.0;
    for (int j = 0; j < S; j++) {
        double sk = 1.0 + rtol * fabs(T->b[j]);
        double e5 = T->e5[j] / sk, e3 = (T->b[j] - T->bhh[j]) / sk;
        s5 += e5 * e5;
        s3 += e3 * e3;
    }
    return s5 / sqrt(16.0 * (s5 + 0.01 * s3));
}

static void check_uses_table(const dop853_tableau *T)
{
    probe p = {0};
    double y0[16] = {0}, f0[16] = {0};
    dop853_step_data s;
    long nfev = 0;
    f0[0] = 1.0;
    double err = dop853_step(probe_rhs, &p, 16, 0.0, y0, f0, 1.0, 0.0, 1.0,
                             &s, &nfev);
    check_true(rows_match(T, &p, 1, 13), "step uses c_i, a_ij of the table");
    int ok = 1;
    for (int j = 0; j < 16; j++)
        ok = ok && s.y1[j] == (j < S ? T->b[j] : 0.0);
    check_true(ok, "step returns y1 = y0 + h sum b_i k_i");

    /* the same 12-term sums, possibly in another order: ~30 u apart */
    check_close(err, probe_error_norm(T, 0.0), 1e-14, 0.0,
                "error norm |h| S5 / sqrt(n (S5 + 0.01 S3)), sk = atol");
    probe p2 = {0};
    long nfev2 = 0;
    double err2 = dop853_step(probe_rhs, &p2, 16, 0.0, y0, f0, 1.0, 1.0, 1.0,
                              &step_data, &nfev2);
    check_close(err2, probe_error_norm(T, 1.0), 1e-14, 0.0,
                "error norm with sk = atol + rtol max(|y0|, |y1|)");

    dop853_dense_prepare(probe_rhs, &p, &s, &nfev);
    check_true(rows_match(T, &p, 13, 16) && p.calls == 15,
               "dense stages use c_i, a_ij of the table");
    ok = 1;
    for (int q = 0; q < 4; q++)
        for (int j = 0; j < 16; j++)
            ok = ok && s.cont[4 + q][j] == T->d[q][j];
    check_true(ok, "continuous extension uses d4..d7 of the table");
    check_true(nfev == 15, "nfev: 12 per step + 3 for dense output");
}

/* ------------------------------------------------------------------ */
/* Problems                                                            */
/* ------------------------------------------------------------------ */

typedef struct counter {
    long calls;
    long nan_at; /* call number that returns NaN (or -1) */
    double g;
} counter;

static void rhs_exp(void *ctx, double t, const double *y, double *dy)
{
    (void)t;
    ((counter *)ctx)->calls++;
    dy[0] = y[0];
}

static void rhs_decay(void *ctx, double t, const double *y, double *dy)
{
    (void)t;
    ((counter *)ctx)->calls++;
    dy[0] = -y[0];
}

/* y' = t^p by repeated multiplication (p - 1 roundings) */
static double power(double t, int p)
{
    double r = 1.0;
    for (int i = 0; i < p; i++)
        r *= t;
    return r;
}

static int poly_degree; /* y' = t^poly_degree */

static void rhs_poly(void *ctx, double t, const double *y, double *dy)
{
    (void)y;
    ((counter *)ctx)->calls++;
    dy[0] = power(t, poly_degree);
}

/* free fall: x' = v, v' = -g */
static void rhs_fall(void *ctx, double t, const double *y, double *dy)
{
    counter *c = ctx;
    (void)t;
    c->calls++;
    dy[0] = y[1];
    dy[1] = -c->g;
}

/* harmonic oscillator x' = v, v' = -x; NaN at call nan_at */
static void rhs_osc(void *ctx, double t, const double *y, double *dy)
{
    counter *c = ctx;
    (void)t;
    dy[0] = y[1];
    dy[1] = -y[0];
    if (c->calls == c->nan_at)
        dy[1] = NAN;
    c->calls++;
}

/* ------------------------------------------------------------------ */
/* 2. Order 8 on y' = y                                                */
/* ------------------------------------------------------------------ */

static double exp_error(int steps)
{
    counter c = {0, -1, 0.0};
    double h = 1.0 / steps, y = 1.0, f0 = 1.0;
    long nfev = 0;
    for (int k = 0; k < steps; k++) {
        dop853_step(rhs_exp, &c, 1, k * h, &y, &f0, h, 1e-6, 1e-6,
                    &step_data, &nfev);
        y = step_data.y1[0];
        f0 = step_data.f1[0];
    }
    return fabs(y - exp(1.0));
}

static void test_order_exp(void)
{
    double e1 = exp_error(1), e2 = exp_error(2), e3 = exp_error(4);
    printf("      y'=y errors h=1: %.3g  1/2: %.3g  1/4: %.3g\n", e1, e2,
           e3);
    /* rounding of 4 steps: <= 4 (S + 2) u e ~ 2e-14; the errors used for
     * the observed order must be far above it */
    check_range(e3, 1e-12, 1.0, "y'=y: error at h = 1/4 above rounding");
    check_range(log2(e1 / e2), 7.5, 8.5, "y'=y: observed order (1, 1/2)");
    check_range(log2(e2 / e3), 7.5, 8.5, "y'=y: observed order (1/2, 1/4)");
}

/* ------------------------------------------------------------------ */
/* 3. Polynomial exactness                                             */
/* ------------------------------------------------------------------ */

/* Running error bounds (first order in u) for one step of a problem whose
 * exact solution the method reproduces in exact arithmetic, so that the
 * difference between computed and exact values is rounding only. The
 * model of f: |d f_m / d y_l| <= jac[m][l] and an evaluation of f adds a
 * relative error <= f_rel u (including the rounding of t0 + c_i h). */
enum { NB = 2 };

typedef struct err_model {
    double jac[NB][NB];
    double f_rel;
} err_model;

typedef struct step_bound {
    double ek[16][NB]; /* |error| of the stage derivatives k_j */
    double ey1[NB];    /* |error| of y1 */
    double er[8][NB];  /* |error| of the coefficients r_q = cont[q] */
} step_bound;

/* Stage value Y_i = y0 + h sum_j a_ij k_j: per term the literal a_ij, the
 * product and at most i - 1 additions, then the product by h and the
 * addition of y0, i + 3 roundings in all; plus the propagated errors of
 * the k_j. Then E(k_i) = jac E(Y_i) + f_rel u |k_i|. */
static void stage_bounds(const dop853_step_data *s, const err_model *em,
                         step_bound *b)
{
    const dop853_tableau *T = dop853_coefficients();
    memset(b, 0, sizeof *b);
    for (int i = 1; i < 16; i++) {
        double ey[NB] = {0.0};
        for (int m = 0; m < s->n; m++) {
            double mag = 0.0, prop = 0.0;
            for (int j = 0; j < i; j++) {
                mag += fabs(T->a[i][j] * s->k[j][m]);
                prop += fabs(T->a[i][j]) * b->ek[j][m];
            }
            ey[m] = (i + 3) * U * (fabs(s->y0[m]) + s->h * mag) +
                    s->h * prop;
        }
        for (int m = 0; m < s->n; m++) {
            b->ek[i][m] = em->f_rel * U * fabs(s->k[i][m]);
            for (int l = 0; l < s->n; l++)
                b->ek[i][m] += em->jac[m][l] * ey[l];
        }
        if (i == 12)
            memcpy(b->ey1, ey, sizeof ey);
    }
}

/* Errors of the coefficients of the continuous extension, following
 * dop853_dense_prepare: r1 = y1 - y0, r2 = h f0 - r1, r3 = r1 - h f1 - r2,
 * r_{4+q} = h sum_j d_qj k_j (16 terms: 18 roundings per term). */
static void dense_bounds(const dop853_step_data *s, step_bound *b)
{
    const dop853_tableau *T = dop853_coefficients();
    for (int m = 0; m < s->n; m++) {
        double r1 = fabs(s->cont[1][m]), r2 = fabs(s->cont[2][m]);
        double hf0 = s->h * fabs(s->f0[m]), hf1 = s->h * fabs(s->f1[m]);
        b->er[0][m] = 0.0;
        b->er[1][m] = b->ey1[m] + U * r1;
        b->er[2][m] = b->er[1][m] + U * (hf0 + r2);
        b->er[3][m] = b->er[1][m] + b->er[2][m] + s->h * b->ek[12][m] +
                      2.0 * U * (r1 + hf1 + r2);
        for (int q = 0; q < 4; q++) {
            double mag = 0.0, prop = 0.0;
            for (int j = 0; j < 16; j++) {
                mag += fabs(T->d[q][j] * s->k[j][m]);
                prop += fabs(T->d[q][j]) * b->ek[j][m];
            }
            b->er[4 + q][m] = s->h * (prop + 18.0 * U * mag);
        }
    }
}

/* Error of the nested evaluation of the first nq coefficients at an exact
 * theta (the sample points below are dyadic: theta and 1 - theta are
 * exact): the propagated errors (theta, 1 - theta in [0, 1]) plus at most
 * two roundings per level, 2 nq in all, of values <= sum |r_q|. */
static double eval_bound(const dop853_step_data *s, const step_bound *b,
                         int m, int nq)
{
    double e = 0.0, mag = 0.0;
    for (int q = 0; q < nq; q++) {
        e += b->er[q][m];
        mag += fabs(s->cont[q][m]);
    }
    return e + 2.0 * nq * U * mag;
}

/* Error of the derivative: d/dtheta of a product theta^a (1-theta)^c with
 * a + c <= 7 is at most 7 in magnitude on [0, 1], so the propagated error
 * is <= 7 sum E(r_q) / h; the nested product rule takes at most 4
 * roundings per level (8 levels) on values <= 7 sum |r_q|. */
static double deriv_bound(const dop853_step_data *s, const step_bound *b,
                          int m)
{
    double e = 0.0, mag = 0.0;
    for (int q = 0; q < 8; q++) {
        e += b->er[q][m];
        mag += fabs(s->cont[q][m]);
    }
    return (7.0 * e + 32.0 * 7.0 * U * mag) / s->h;
}

/* Error of the test's own reference t^(p+1)/(p+1): p + 1 roundings. */
static double poly_exact(double t, int p, double *err)
{
    double v = power(t, p + 1) / (p + 1);
    *err = (p + 2) * U * fabs(v);
    return v;
}

static void test_poly_one_step(void)
{
    counter c = {0, -1, 0.0};
    long nfev = 0;
    double h = 2.0, y0 = 0.0, f0 = 0.0, ref_err;
    err_model em = {{{0.0, 0.0}, {0.0, 0.0}}, 4.0 * 7};
    step_bound b;
    poly_degree = 7;
    dop853_step(rhs_poly, &c, 1, 0.0, &y0, &f0, h, 1e-6, 1e-6, &step_data,
                &nfev);
    stage_bounds(&step_data, &em, &b);
    double ex = poly_exact(h, 7, &ref_err);
    printf("      y'=t^7: error %.3g, rounding bound %.3g\n",
           fabs(step_data.y1[0] - ex), b.ey1[0] + ref_err);
    check_close(step_data.y1[0], ex, 0.0, b.ey1[0] + ref_err,
                "y'=t^7: one step h = 2 exact to rounding");

    /* one more degree is not integrated exactly: the check can fail */
    poly_degree = 8;
    em.f_rel = 4.0 * 8;
    dop853_step(rhs_poly, &c, 1, 0.0, &y0, &f0, h, 1e-6, 1e-6, &step_data,
                &nfev);
    stage_bounds(&step_data, &em, &b);
    ex = poly_exact(h, 8, &ref_err);
    check_true(fabs(step_data.y1[0] - ex) > 100.0 * (b.ey1[0] + ref_err),
               "y'=t^8: one step h = 2 is not exact (order is 8)");
}

/* free fall x(t) = x0 + v0 t - g t^2 / 2, v(t) = v0 - g t and the
 * rounding of the test's own evaluation of them (<= 5 roundings) */
static void fall_exact(const double *y0, double g, double t, double *ex,
                       double *err)
{
    ex[0] = y0[0] + y0[1] * t - 0.5 * g * t * t;
    ex[1] = y0[1] - g * t;
    err[0] = 5.0 * U * (fabs(y0[0]) + fabs(y0[1] * t) + 0.5 * g * t * t);
    err[1] = 3.0 * U * (fabs(y0[1]) + g * t);
}

static const err_model FALL_MODEL = {{{0.0, 1.0}, {0.0, 0.0}}, 0.0};

static void test_fall(void)
{
    counter c = {0, -1, 9.81};
    long nfev = 0;
    double y0[2] = {10.0, 3.0}, f0[2] = {3.0, -9.81}, h = 2.0;
    double ex[2], ref_err[2];
    step_bound b;
    dop853_step(rhs_fall, &c, 2, 0.0, y0, f0, h, 1e-6, 1e-6, &step_data,
                &nfev);
    stage_bounds(&step_data, &FALL_MODEL, &b);
    fall_exact(y0, c.g, h, ex, ref_err);
    printf("      free fall: errors %.3g %.3g, rounding bounds %.3g %.3g\n",
           fabs(step_data.y1[0] - ex[0]), fabs(step_data.y1[1] - ex[1]),
           b.ey1[0] + ref_err[0], b.ey1[1] + ref_err[1]);
    check_close(step_data.y1[0], ex[0], 0.0, b.ey1[0] + ref_err[0],
                "free fall: position after one step h = 2 exact");
    check_close(step_data.y1[1], ex[1], 0.0, b.ey1[1] + ref_err[1],
                "free fall: velocity after one step h = 2 exact");

    dop853_dense_prepare(rhs_fall, &c, &step_data, &nfev);
    dense_bounds(&step_data, &b);
    double worst = 0.0;
    for (int i = 0; i <= 64; i++) {
        double t = h * i / 64.0, y[2];
        dop853_dense_eval(&step_data, t, y);
        fall_exact(y0, c.g, t, ex, ref_err);
        for (int m = 0; m < 2; m++)
            worst = fmax(worst, fabs(y[m] - ex[m]) /
                                    (eval_bound(&step_data, &b, m, 8) +
                                     ref_err[m]));
    }
    printf("      free fall dense: worst error %.2g of its rounding "
           "bound\n",
           worst);
    check_range(worst, 0.0, 1.0,
                "free fall: dense output exact over the step (error / "
                "rounding bound)");
}

/* worst dense error / rounding bound over the step for y' = t^p */
static double dense_poly_ratio(int p, double h)
{
    counter c = {0, -1, 0.0};
    long nfev = 0;
    double y0 = 0.0, f0 = 0.0, worst = 0.0, ref_err;
    err_model em = {{{0.0, 0.0}, {0.0, 0.0}}, 4.0 * p};
    step_bound b;
    poly_degree = p;
    dop853_step(rhs_poly, &c, 1, 0.0, &y0, &f0, h, 1e-6, 1e-6, &step_data,
                &nfev);
    dop853_dense_prepare(rhs_poly, &c, &step_data, &nfev);
    stage_bounds(&step_data, &em, &b);
    dense_bounds(&step_data, &b);
    for (int i = 0; i <= 64; i++) {
        double t = h * i / 64.0, y;
        dop853_dense_eval(&step_data, t, &y);
        double ex = poly_exact(t, p, &ref_err);
        worst = fmax(worst, fabs(y - ex) /
                                (eval_bound(&step_data, &b, 0, 8) + ref_err));
    }
    return worst;
}

static void test_dense_poly(void)
{
    double r6 = dense_poly_ratio(6, 2.0), r7 = dense_poly_ratio(7, 2.0);
    printf("      dense y'=t^6: %.3g, y'=t^7: %.3g of the rounding bound\n",
           r6, r7);
    check_range(r6, 0.0, 1.0,
                "y'=t^6: dense output exact for degree 7 (error / bound)");
    check_true(r7 > 100.0,
               "y'=t^7: dense output not exact for degree 8 (order 7)");
}

/* ------------------------------------------------------------------ */
/* 4. Order of the continuous extension                                */
/* ------------------------------------------------------------------ */

static double dense_error_decay(double h)
{
    counter c = {0, -1, 0.0};
    long nfev = 0;
    double y0 = 1.0, f0 = -1.0, worst = 0.0;
    dop853_step(rhs_decay, &c, 1, 0.0, &y0, &f0, h, 1e-6, 1e-6, &step_data,
                &nfev);
    dop853_dense_prepare(rhs_decay, &c, &step_data, &nfev);
    for (int i = 1; i < 200; i++) {
        double t = h * i / 200.0, y;
        dop853_dense_eval(&step_data, t, &y);
        worst = fmax(worst, fabs(y - exp(-t)));
    }
    return worst;
}

static void test_dense_order(void)
{
    double e1 = dense_error_decay(1.0), e2 = dense_error_decay(0.5),
           e3 = dense_error_decay(0.25);
    printf("      y'=-y dense errors h=1: %.3g  1/2: %.3g  1/4: %.3g\n", e1,
           e2, e3);
    check_range(e3, 1e-13, 1.0, "y'=-y: dense error at h = 1/4 above "
                                "rounding");
    check_range(log2(e1 / e2), 7.0, 9.0, "y'=-y: dense output exponent "
                                         "(1, 1/2)");
    check_range(log2(e2 / e3), 7.0, 9.0, "y'=-y: dense output exponent "
                                         "(1/2, 1/4)");
}

/* ------------------------------------------------------------------ */
/* 5. Derivative of the extension, end points, Hermite cubic            */
/* ------------------------------------------------------------------ */

static void test_dense_deriv(void)
{
    counter c = {0, -1, 9.81};
    long nfev = 0;
    double y0[2] = {10.0, 3.0}, f0[2] = {3.0, -9.81}, h = 2.0, t0 = 1.0;
    step_bound b;
    dop853_step(rhs_fall, &c, 2, t0, y0, f0, h, 1e-6, 1e-6, &step_data,
                &nfev);
    dop853_dense_prepare(rhs_fall, &c, &step_data, &nfev);
    stage_bounds(&step_data, &FALL_MODEL, &b);
    dense_bounds(&step_data, &b);
    double worst = 0.0;
    for (int i = 0; i <= 64; i++) {
        double t = t0 + h * i / 64.0, dy[2];
        dop853_dense_deriv(&step_data, t, dy);
        /* reference v0 - g (t - t0): 2 roundings; -g exact */
        double ex[2] = {y0[1] - c.g * (t - t0), -c.g};
        double ref_err[2] = {2.0 * U * (fabs(y0[1]) + c.g * h), 0.0};
        for (int m = 0; m < 2; m++)
            worst = fmax(worst, fabs(dy[m] - ex[m]) /
                                    (deriv_bound(&step_data, &b, m) +
                                     ref_err[m]));
    }
    printf("      free fall dense_deriv: worst error %.2g of its "
           "rounding bound\n",
           worst);
    check_range(worst, 0.0, 1.0,
                "free fall: dense_deriv equals (v, -g) (error / bound)");

}

/* dense_deriv on y' = t^6 (all eight coefficients r_q non-zero) */
static void test_dense_deriv_poly(void)
{
    counter c = {0, -1, 0.0};
    long nfev = 0;
    double y0 = 0.0, f0 = 0.0, h = 2.0, worst = 0.0;
    err_model em = {{{0.0, 0.0}, {0.0, 0.0}}, 4.0 * 6};
    step_bound b;
    poly_degree = 6;
    dop853_step(rhs_poly, &c, 1, 0.0, &y0, &f0, h, 1e-6, 1e-6, &step_data,
                &nfev);
    dop853_dense_prepare(rhs_poly, &c, &step_data, &nfev);
    stage_bounds(&step_data, &em, &b);
    dense_bounds(&step_data, &b);
    for (int i = 0; i <= 64; i++) {
        double t = h * i / 64.0, dy;
        dop853_dense_deriv(&step_data, t, &dy);
        double ex = power(t, 6); /* 5 roundings */
        worst = fmax(worst, fabs(dy - ex) / (deriv_bound(&step_data, &b, 0) +
                                             6.0 * U * fabs(ex)));
    }
    printf("      y'=t^6 dense_deriv: worst error %.2g of its rounding "
           "bound\n",
           worst);
    check_range(worst, 0.0, 1.0,
                "y'=t^6: dense_deriv equals t^6 (error / bound)");
}

/* End points: with t0 = 1000.1 and h = 0.37 the quotient
 * ((t0 + h) - t0) / h is not 1 in binary64, yet dense_eval and the
 * Hermite cubic must return y0 and y1 exactly. */
static void test_end_points(void)
{
    counter c = {0, -1, 9.81};
    long nfev = 0;
    double y0[2] = {0.1, 3.0}, f0[2] = {3.0, -9.81}, h = 0.37, t0 = 1000.1;
    double y[2], ya[2];
    dop853_step(rhs_fall, &c, 2, t0, y0, f0, h, 1e-6, 1e-6, &step_data,
                &nfev);
    dop853_dense_prepare(rhs_fall, &c, &step_data, &nfev);
    check_true(((t0 + h) - t0) / h != 1.0, "end points: theta(t0 + h) != 1");
    dop853_dense_eval(&step_data, t0, y);
    dop853_dense_eval(&step_data, t0 + h, ya);
    check_true(y[0] == y0[0] && y[1] == y0[1],
               "dense_eval(t0) returns y0 exactly");
    check_true(ya[0] == step_data.y1[0] && ya[1] == step_data.y1[1],
               "dense_eval(t0 + h) returns y1 exactly");
    check_true(dop853_hermite(&step_data, 0, t0) == y0[0] &&
                   dop853_hermite(&step_data, 1, t0) == y0[1] &&
                   dop853_hermite(&step_data, 0, t0 + h) ==
                       step_data.y1[0] &&
                   dop853_hermite(&step_data, 1, t0 + h) ==
                       step_data.y1[1],
               "hermite at t0 and t0 + h returns y0, y1 exactly");
}

/* Worst error of the Hermite cubic over the step for y' = t^p, relative
 * to the rounding bound of its four coefficients (as in the dense
 * output: the same r0..r3). */
static double hermite_ratio(int p)
{
    counter c = {0, -1, 0.0};
    long nfev = 0;
    double y0 = 0.0, f0 = 0.0, worst = 0.0, h = 2.0, ref_err;
    err_model em = {{{0.0, 0.0}, {0.0, 0.0}}, 4.0 * p};
    step_bound b;
    poly_degree = p;
    dop853_step(rhs_poly, &c, 1, 0.0, &y0, &f0, h, 1e-6, 1e-6, &step_data,
                &nfev);
    dop853_dense_prepare(rhs_poly, &c, &step_data, &nfev);
    stage_bounds(&step_data, &em, &b);
    dense_bounds(&step_data, &b);
    for (int i = 0; i <= 64; i++) {
        double t = h * i / 64.0;
        double ex = poly_exact(t, p, &ref_err);
        worst = fmax(worst, fabs(dop853_hermite(&step_data, 0, t) - ex) /
                                (eval_bound(&step_data, &b, 0, 4) + ref_err));
    }
    return worst;
}

/* The Hermite cubic reproduces a cubic solution (y' = t^2) and is not
 * exact for a quartic one (y' = t^3). */
static void test_hermite(void)
{
    double r2 = hermite_ratio(2), r3 = hermite_ratio(3);
    printf("      hermite y'=t^2: %.3g, y'=t^3: %.3g of the rounding bound\n",
           r2, r3);
    check_range(r2, 0.0, 1.0, "hermite exact for a cubic (y' = t^2)");
    check_true(r3 > 100.0, "hermite not exact for a quartic (y' = t^3)");
}

/* ------------------------------------------------------------------ */
/* 6. Adaptive integration of the harmonic oscillator                  */
/* ------------------------------------------------------------------ */

typedef struct run_result {
    double t, err;
    long nfev, calls, accepted, rejected;
} run_result;

/* Integrates x' = v, v' = -x, x(0) = 1, v(0) = 0 over 10 periods with
 * dop853_initial_h / dop853_step / dop853_next_h; h_first > 0 replaces the
 * starting step (to force rejections). */
static run_result run_oscillator(double h_first)
{
    counter c = {0, -1, 0.0};
    const double t_end = 20.0 * PI;
    dop853_control ctl = dop853_control_default(1e-10, 1e-12, t_end);
    double y[2] = {1.0, 0.0}, f0[2];
    run_result r = {0.0, 0.0, 0, 0, 0, 0};
    int last_rejected = 0;

    rhs_osc(&c, r.t, y, f0); /* by the caller: not in nfev */
    double h =
        dop853_initial_h(rhs_osc, &c, 2, r.t, y, f0, t_end, &ctl, &r.nfev);
    if (h_first > 0.0)
        h = h_first;
    while (r.t < t_end && r.accepted + r.rejected < 100000) {
        int last = h >= t_end - r.t;
        if (last)
            h = t_end - r.t;
        double err = dop853_step(rhs_osc, &c, 2, r.t, y, f0, h, ctl.rtol,
                                 ctl.atol, &step_data, &r.nfev);
        if (err <= 1.0) {
            r.accepted++;
            r.t = last ? t_end : r.t + h;
            memcpy(y, step_data.y1, sizeof y);
            memcpy(f0, step_data.f1, sizeof f0);
            h = dop853_next_h(&ctl, h, err, last_rejected);
            last_rejected = 0;
        } else {
            r.rejected++;
            h = dop853_next_h(&ctl, h, err, 1);
            last_rejected = 1;
        }
    }
    r.err = hypot(y[0] - cos(t_end), y[1] + sin(t_end));
    r.calls = c.calls;
    return r;
}

static void check_run(const char *name, double h_first, int want_rejects)
{
    char label[160];
    run_result r = run_oscillator(h_first);
    printf("      %s: %ld accepted, %ld rejected, nfev %ld, error %.3g\n",
           name, r.accepted, r.rejected, r.nfev, r.err);
    snprintf(label, sizeof label, "%s: reaches t_end exactly", name);
    check_close(r.t, 20.0 * PI, 0.0, 0.0, label);
    /* the exact solution has norm 1: relative = absolute error */
    snprintf(label, sizeof label, "%s: error after 10 periods < 1e-8", name);
    check_range(r.err, 0.0, 1e-8, label);
    snprintf(label, sizeof label,
             "%s: nfev = 12 (accepted + rejected) + 1", name);
    check_true(r.nfev == 12 * (r.accepted + r.rejected) + 1, label);
    snprintf(label, sizeof label, "%s: nfev counts every call", name);
    check_true(r.calls == r.nfev + 1, label);
    if (want_rejects) {
        snprintf(label, sizeof label, "%s: has rejected steps", name);
        check_true(r.rejected > 0, label);
    }
}

static void test_adaptive(void)
{
    check_run("oscillator", 0.0, 0);
    check_run("oscillator from h = 5", 5.0, 1);
}

/* ------------------------------------------------------------------ */
/* 7. Non-finite steps, controller, starting step                      */
/* ------------------------------------------------------------------ */

static double nan_step(long nan_at)
{
    counter c = {0, nan_at, 0.0};
    long nfev = 0;
    double y0[2] = {1.0, 0.0}, f0[2] = {0.0, -1.0};
    return dop853_step(rhs_osc, &c, 2, 0.0, y0, f0, 0.1, 1e-6, 1e-9,
                       &step_data, &nfev);
}

/* y' = 1e300, whatever y: with y0 near DBL_MAX and h = 1e8 the solution
 * y1 = y0 + h sum_i b_i k_i overflows while every stage, f1 included,
 * stays finite. */
static void rhs_const(void *ctx, double t, const double *y, double *dy)
{
    (void)ctx;
    (void)t;
    (void)y;
    dy[0] = 1e300;
}

/* A step whose y1 is not finite is +inf even when f1 is finite (the test
 * of y1, not of y0 nor of f1 alone: its error norm would be 0, the scale
 * atol + rtol |y1| being +inf). */
static void check_overflow_step(void)
{
    long nfev = 0;
    double y0 = 1.7e308, f0 = 1e300;
    double e = dop853_step(rhs_const, NULL, 1, 0.0, &y0, &f0, 1e8, 1e-6,
                           1e-9, &step_data, &nfev);
    check_true(isinf(step_data.y1[0]) && isfinite(step_data.f1[0]),
               "y1 overflows, f1 finite");
    check_true(isinf(e) && e > 0, "y1 not finite, f1 finite gives +inf");
}

static void test_nonfinite(void)
{
    double e = nan_step(4);
    check_true(isinf(e) && e > 0, "NaN in an inner stage gives +inf");
    e = nan_step(11);
    check_true(isinf(e) && e > 0, "NaN only in f1 gives +inf");
    e = nan_step(-1);
    check_range(e, 0.0, 1.0, "the same step without NaN is accepted");
    check_overflow_step();
}

static void test_controller(void)
{
    dop853_control c = dop853_control_default(1e-6, 1e-9, 1.0);
    check_true(c.safety == 0.9 && c.fac_min == 0.333 && c.fac_max == 6.0,
               "default controller 0.9, 0.333, 6");
    check_close(dop853_next_h(&c, 0.1, 0.0, 0), 0.6, 1e-15, 0.0,
                "err = 0: growth by fac_max");
    check_close(dop853_next_h(&c, 0.5, 0.0, 0), 1.0, 0.0, 0.0,
                "never above h_max");
    check_close(dop853_next_h(&c, 0.1, 1.0, 0), 0.09, 1e-15, 0.0,
                "err = 1: factor safety");
    check_close(dop853_next_h(&c, 0.1, pow(0.45, 8.0), 0), 0.2, 1e-14, 0.0,
                "err = 0.45^8: factor 2");
    check_close(dop853_next_h(&c, 0.1, pow(0.45, 8.0), 1), 0.1, 0.0, 0.0,
                "no growth right after a rejection");
    check_close(dop853_next_h(&c, 0.1, 1e10, 0), 0.0333, 1e-15, 0.0,
                "huge err: shrink by fac_min");
    check_close(dop853_next_h(&c, 0.1, NAN, 0), 0.0333, 1e-15, 0.0,
                "NaN err: shrink by fac_min");
    check_close(dop853_next_h(&c, 0.1, 2.0, 0), 0.1 * 0.9 / pow(2, 0.125),
                1e-15, 0.0, "rejected step: h 0.9 err^(-1/8)");
}

static void test_initial_h(void)
{
    counter cnt = {0, -1, 0.0};
    dop853_control c = dop853_control_default(1e-6, 1e-9, 1.0);
    double y0 = 1.0, f0 = -1.0;
    long nfev = 0;
    /* y' = -y: d0 = d1 = 1/sk, h0 = 0.01, d2 = 1/sk,
     * h1 = (0.01 sk)^(1/8) with sk = atol + rtol */
    double h = dop853_initial_h(rhs_decay, &cnt, 1, 0.0, &y0, &f0, 10.0, &c,
                                &nfev);
    check_close(h, pow(0.01 * (1e-9 + 1e-6), 0.125), 1e-12, 0.0,
                "initial h on y' = -y: Hairer's formula");
    check_true(nfev == 1 && cnt.calls == 1, "initial h: one evaluation");
    h = dop853_initial_h(rhs_decay, &cnt, 1, 0.0, &y0, &f0, 0.05, &c, &nfev);
    check_close(h, 0.05, 0.0, 0.0, "initial h bounded by span");
    c.h_max = 0.02;
    h = dop853_initial_h(rhs_decay, &cnt, 1, 0.0, &y0, &f0, 10.0, &c, &nfev);
    check_close(h, 0.02, 0.0, 0.0, "initial h bounded by h_max");
}

int main(void)
{
    const dop853_tableau *T = dop853_coefficients();
    check_row_sums(T);
    check_order_conditions(T);
    check_uses_table(T);
    test_order_exp();
    test_poly_one_step();
    test_fall();
    test_dense_poly();
    test_dense_order();
    test_dense_deriv();
    test_dense_deriv_poly();
    test_end_points();
    test_hermite();
    test_adaptive();
    test_nonfinite();
    test_controller();
    test_initial_h();
    return check_summary("test_dop853");
}
