import { useState } from 'react';
import { pathLengthKm, type LatLng } from '../geo';

/** One measured path: the vertices clicked, in order. */
export interface Measure {
  id: number;
  path: LatLng[];
}

/**
 * The distance tool's state: while measuring, map clicks add vertices to the last path; finishing keeps
 * the paths of two vertices or more. `lengthKm` is the last path's length, drawn or finished.
 */
export function useMeasure() {
  const [measuring, setMeasuring] = useState(false);
  const [measures, setMeasures] = useState<Measure[]>([]);
  return {
    measuring,
    measures,
    lengthKm: pathLengthKm(measures.at(-1)?.path ?? []),
    addVertex: (position: LatLng) =>
      setMeasures((list) => {
        const last = list.at(-1);
        if (!last) return [{ id: 1, path: [position] }];
        return [...list.slice(0, -1), { ...last, path: [...last.path, position] }];
      }),
    start: () => {
      setMeasuring(true);
      setMeasures((list) => [...list, { id: (list.at(-1)?.id ?? 0) + 1, path: [] }]);
    },
    finish: () => {
      setMeasuring(false);
      setMeasures((list) => list.filter((measure) => measure.path.length > 1));
    },
    clear: () => {
      setMeasures([]);
      setMeasuring(false);
    },
  };
}

export type MeasureState = ReturnType<typeof useMeasure>;
