// The figures a bench run ends with (issue 34): each beside its target and its ratio to the previous
// release's figure (bench/previous-release.json, committed), so that a regression shows in the run that
// causes it. A section records what it measured with `record`; run.ts prints the table at the end, and
// `npm run bench -- --save` writes this run's figures as the new previous release (at release time).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const previousPath = fileURLToPath(new URL('./previous-release.json', import.meta.url));

export interface Figure {
  id: string;
  label: string;
  value: number;
  unit: 'ms' | 'kB gz' | 'req/s' | '%' | 'MB' | 'requests';
  /** The target: the figure must stay at or below it (`atLeast`: at or above). */
  target?: number;
  atLeast?: boolean;
  /** Decimals to print (default: 1 for kB gz, 0 otherwise), e.g. 2 for a CPU time of a few ms. */
  decimals?: number;
}

interface PreviousRelease {
  version: string;
  note: string;
  figures: Record<string, number>;
}

const figures: Figure[] = [];

export function record(figure: Figure): void {
  figures.push(figure);
}

function previous(): PreviousRelease {
  return JSON.parse(readFileSync(previousPath, 'utf8')) as PreviousRelease;
}

const digits = (f: Figure): number => f.decimals ?? (f.unit === 'kB gz' ? 1 : 0);

/** The table of this run's figures: value, target (met or not), ratio to the previous release. */
export function printFigures(): void {
  if (figures.length === 0) return;
  const before = previous();
  console.log(
    `\nFigures of this run, beside their targets and the previous release (${before.version}; ratio > 1: more than then)`,
  );
  console.log(
    `  ${'figure'.padEnd(64)} ${'value'.padStart(10)}   ${'target'.padStart(12)}   ${'previous'.padStart(10)}  ratio`,
  );
  for (const f of figures) {
    const value = `${f.value.toFixed(digits(f))} ${f.unit}`;
    const met =
      f.target === undefined ? '' : (f.atLeast ? f.value >= f.target : f.value <= f.target) ? ' ok' : ' NOT';
    const target = f.target === undefined ? '—' : `${f.atLeast ? '≥' : '≤'} ${f.target}${met}`;
    const was = before.figures[f.id];
    const ratio = was === undefined || was === 0 ? '—' : `${(f.value / was).toFixed(2)}×`;
    const wasText = was === undefined ? '—' : `${was.toFixed(digits(f))} ${f.unit}`;
    console.log(
      `  ${f.label.padEnd(64)} ${value.padStart(10)}   ${target.padStart(12)}   ${wasText.padStart(10)}  ${ratio}`,
    );
  }
}

/** Writes this run's figures as the previous release's (`npm run bench -- --save`, at a release). */
export function saveFigures(version: string): void {
  const before = previous();
  const merged = { ...before.figures };
  for (const f of figures) merged[f.id] = Number(f.value.toFixed(digits(f) + 1));
  const next: PreviousRelease = {
    version,
    note: `figures of \`npm run bench\` at version ${version} on the project's 2-core machine`,
    figures: merged,
  };
  writeFileSync(previousPath, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`\n${previousPath}: the figures of this run are now the previous release's`);
}
