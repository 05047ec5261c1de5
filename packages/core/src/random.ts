// Seeded pseudo-random numbers, so bootstraps and synthetic series replay exactly.

/** sfc32 generator (Chris Doty-Humphrey's PractRand "small fast counting" RNG), uniform on [0, 1). */
export function seededRandom(seed: number): () => number {
  // the state stays in signed 32-bit integers (every update ends in | 0, a shift or a xor), which V8 keeps
  // unboxed; the unsigned view is taken only for the output
  let a = 0x9e3779b9 | 0;
  let b = 0x243f6a88 | 0;
  let c = 0xb7e15162 | 0;
  let d = seed | 0;
  const next = (): number => {
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}
