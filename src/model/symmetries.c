/* symmetries.c - symmetries of the spec's definitions, proved by WP: the
 * reasons the mutation campaign gives when it lists a mutant as equivalent
 * (proofs/mutants/equivalent.txt).  A mutant that swaps two arguments
 * computes the same value exactly when the definition it must meet is
 * symmetric in them; each lemma below is one such symmetry, stated over the
 * one transcription of the equation in spec/.  Proved in this file of its
 * own, which no other file includes: a lemma is a hypothesis of every goal
 * of the files that see it (proofs/README.md, "Two traps").  No code. */
#include "law_boucwen.h"

/*@ // binary64 multiplication is commutative, bit for bit: the two
  @ // operands of one rounded product may be given in either order
  @ // (bw_term's g s of Eq. (68): law_boucwen-047, -050)
  @ lemma mul_double_commutes: \forall double a, b;
  @   \mul_double(a, b) == \mul_double(b, a);
  @
  @ // the sign factor beta + gamma sgn(z) sgn(u) of the hysteretic
  @ // dissipation (doc/design.md) depends on z and u only through the
  @ // product of their signs (bw_dissipation: law_boucwen-124)
  @ lemma bw_sign_factor_symmetric: \forall double beta, gamma, z, u;
  @   bw_sign_factor(beta, gamma, z, u) == bw_sign_factor(beta, gamma, u, z);
  @*/
