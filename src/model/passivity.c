/* passivity.c - condition D2 of hybrid passivity (Section III-C) for H_c,
 * H_r and H_f, and the sign of the ledger's jump term, as composed
 * statements: ACSL lemmas over the one transcription of the jump maps
 * (spec/jump_map.acsl, Eqs. 63, 75, 82), of the storage functions
 * (spec/storage.acsl, Eqs. 87, 91, 94) and of the ledger
 * (spec/ledger.acsl, Eq. 20), in binary64 as the code evaluates them.
 * They are proved by WP in this file of their own, which no other file
 * includes: a lemma is a hypothesis of every goal of the files that see it
 * (proofs/README.md, "Two traps"). No code.
 *
 * V_c is the storage function of whichever law is in use: law_storage
 * below is a free symbol (declared, not defined, no axiom), and each lemma
 * holds for every V_c with the two properties every law's storage
 * contract proves (law.h, clauses rest and range): V_c(0, 0) = 0 and
 * V_c >= 0. The states are laid out as layout_make does (hybrid.h,
 * clauses eq73, eq80): H_r (x, v, x_c, z_c) with x_c at 2, H_f (x, v, x_m,
 * v_m, x_c, z_c) with v_m at 3 and x_c at 4, H_c (x, x_c, z_c) of Eq. (61)
 * with x_c at 1; z_c follows x_c, n_z <= 2 components. */
#include "hybrid.h"
#include "ledger.h"

/*@ // V_c(x_c, z_c) of the contact law, z_c = (z1, z2); a law with fewer
  @ // internal states is given 0 for the absent ones. Declared only: the
  @ // block has no axiom.
  @ axiomatic LawStorage {
  @   logic double law_storage(double x_c, double z1, double z2);
  @ }
  @
  @ // V_c at the state chi, n_z internal states
  @ logic double vc_before(integer nz, double x_c, double z1, double z2) =
  @   law_storage(x_c, nz >= 1 ? z1 : (double)0.0, nz >= 2 ? z2 : (double)0.0);
  @
  @ // V_c at g(chi): x_c, z_c taken through the jump map, x_c at index xc
  @ logic double vc_after(integer xc, integer nz, double x_c, double z1,
  @                       double z2) =
  @   law_storage(jump_component(xc, xc + 1, nz, xc, x_c),
  @               nz >= 1 ? jump_component(xc, xc + 1, nz, xc + 1, z1) : (double)0.0,
  @               nz >= 2 ? jump_component(xc, xc + 1, nz, xc + 2, z2) : (double)0.0);
  @
  @ // what every law's storage contract proves: V_c(0, 0) = 0 (rest),
  @ // V_c(x_c, z_c) >= 0 and within the bound of the core (range)
  @ predicate law_storage_ok(integer nz, double x_c, double z1, double z2) =
  @   0 <= nz <= 2 &&
  @   \eq_double(law_storage((double)0.0, (double)0.0, (double)0.0), (double)0.0) &&
  @   bounded(vc_before(nz, x_c, z1, z2)) &&
  @   \le_double((double)0.0, vc_before(nz, x_c, z1, z2));
  @
  @ // masses of the storage: finite, >= 0
  @ predicate mass_ok(double m) = bounded(m) && \le_double((double)0.0, m);
  @
  @ // D2 for H_c, Eqs. (63), (87), (89): V(g(chi)) <= V(chi)
  @ lemma d2_hc: \forall integer nz, double x_c, z1, z2;
  @   law_storage_ok(nz, x_c, z1, z2) ==>
  @   \le_double(storage_hc_value(vc_after(1, nz, x_c, z1, z2)),
  @              storage_hc_value(vc_before(nz, x_c, z1, z2)));
  @
  @ // D2 for H_r, Eqs. (82), (91): V(g(chi)) <= V(chi)
  @ lemma d2_hr: \forall integer nz, double m, v, x_c, z1, z2;
  @   mass_ok(m) && bounded(v) && law_storage_ok(nz, x_c, z1, z2) ==>
  @   \le_double(storage_hr_value(m, jump_component(2, 3, nz, 1, v),
  @                               vc_after(2, nz, x_c, z1, z2)),
  @              storage_hr_value(m, v, vc_before(nz, x_c, z1, z2)));
  @
  @ // Steps of the proofs below. The storage of H_f is finite for bounded
  @ // arguments, and does not fall when V_c = 0 is replaced by a V_c >= 0
  @ // (rounding to nearest is monotone); a difference b - a of finite
  @ // doubles a <= b is >= 0.
  @ lemma storage_hf_finite: \forall double m, mt, v, vm, vc;
  @   mass_ok(m) && mass_ok(mt) && bounded(v) && bounded(vm) && bounded(vc) ==>
  @   \is_finite(storage_hf_value(m, mt, v, vm, vc));
  @ lemma storage_hf_rest: \forall double m, mt, v, vm, rest, vc;
  @   mass_ok(m) && mass_ok(mt) && bounded(v) && bounded(vm) &&
  @   \eq_double(rest, (double)0.0) && bounded(vc) && \le_double((double)0.0, vc) ==>
  @   \le_double(storage_hf_value(m, mt, v, vm, rest), storage_hf_value(m, mt, v, vm, vc));
  @ lemma vc_after_rest: \forall integer xc, nz, double x_c, z1, z2;
  @   0 <= nz <= 2 &&
  @   \eq_double(law_storage((double)0.0, (double)0.0, (double)0.0), (double)0.0) ==>
  @   \eq_double(vc_after(xc, nz, x_c, z1, z2), (double)0.0);
  @ lemma jump_keeps_v_hf: \forall integer nz, double v, vm;
  @   0 <= nz <= 2 ==>
  @   jump_component(4, 5, nz, 1, v) == v && jump_component(4, 5, nz, 3, vm) == vm;
  @ lemma storage_hf_jump: \forall integer nz, double m, mt, v, vm, x_c, z1, z2;
  @   mass_ok(m) && mass_ok(mt) && bounded(v) && bounded(vm) &&
  @   law_storage_ok(nz, x_c, z1, z2) ==>
  @   \le_double(storage_hf_value(m, mt, v, vm, vc_after(4, nz, x_c, z1, z2)),
  @              storage_hf_value(m, mt, v, vm, vc_before(nz, x_c, z1, z2)));
  @ lemma difference_nonneg: \forall double a, b;
  @   \is_finite(a) && \is_finite(b) && \le_double(a, b) ==>
  @   \le_double((double)0.0, \sub_double(b, a));
  @
  @ // D2 for H_f, Eqs. (75), (94): V(g(chi)) <= V(chi), mt = m_1 + m_2
  @ lemma d2_hf: \forall integer nz, double m, mt, v, vm, x_c, z1, z2;
  @   mass_ok(m) && mass_ok(mt) && bounded(v) && bounded(vm) &&
  @   law_storage_ok(nz, x_c, z1, z2) ==>
  @   \le_double(storage_hf_value(m, mt, jump_component(4, 5, nz, 1, v),
  @                               jump_component(4, 5, nz, 3, vm),
  @                               vc_after(4, nz, x_c, z1, z2)),
  @              storage_hf_value(m, mt, v, vm, vc_before(nz, x_c, z1, z2)));
  @
  @ // The ledger's jump term of H_r, Eq. (20) with Eqs. (82), (91): d_D =
  @ // V(chi) - V(g(chi)) >= 0, what ledger_add_jump requires (Eq. 23)
  @ lemma ledger_jump_hr: \forall integer nz, double m, v, x_c, z1, z2;
  @   mass_ok(m) && bounded(v) && law_storage_ok(nz, x_c, z1, z2) ==>
  @   \le_double((double)0.0, jump_dissipation_value(
  @     storage_hr_value(m, v, vc_before(nz, x_c, z1, z2)),
  @     storage_hr_value(m, jump_component(2, 3, nz, 1, v),
  @                      vc_after(2, nz, x_c, z1, z2))));
  @
  @ // The ledger's jump term of H_f, Eq. (20) with Eqs. (75), (94)
  @ lemma ledger_jump_hf: \forall integer nz, double m, mt, v, vm, x_c, z1, z2;
  @   mass_ok(m) && mass_ok(mt) && bounded(v) && bounded(vm) &&
  @   law_storage_ok(nz, x_c, z1, z2) ==>
  @   \le_double((double)0.0, jump_dissipation_value(
  @     storage_hf_value(m, mt, v, vm, vc_before(nz, x_c, z1, z2)),
  @     storage_hf_value(m, mt, jump_component(4, 5, nz, 1, v),
  @                      jump_component(4, 5, nz, 3, vm),
  @                      vc_after(4, nz, x_c, z1, z2))));
  @*/
