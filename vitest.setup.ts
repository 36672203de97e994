import fc from 'fast-check';

// Property tests are bounded and reproducible: every fc.assert runs from one fixed seed and, unless
// it sets its own numRuns, a hundred cases. FAST_CHECK_SEED explores other cases on demand; a failure
// prints the seed and path that replay it.
fc.configureGlobal({
  seed: Number(process.env.FAST_CHECK_SEED ?? 20_261_126),
  numRuns: 100,
});
