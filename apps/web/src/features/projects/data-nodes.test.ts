import { describe, expect, it } from 'vitest';
import { dataNodeDetail, listOfNames, nodePosition, sameNodeNames, sameNodeText } from './data-nodes';

const node = (sharedWith: number[]) => ({
  dataset: 'ERA5 South China Sea (point 15.51 N 109.94 E)',
  synthetic: false,
  lat: 15.509,
  lon: 109.939,
  distanceKm: 10.94,
  sharedWith,
});
const points = [
  { id: 1, name: 'SITE' },
  { id: 2, name: 'QUAY' },
  { id: 3, name: 'ANCHORAGE' },
];

describe('the words for points on one data node', () => {
  it('names the other points in the project order, with the node position to 0.001°', () => {
    expect(sameNodeText({ dataNode: node([3, 2]) }, points)).toBe(
      'Same data node as QUAY and ANCHORAGE (15.509° N, 109.939° E)',
    );
    expect(sameNodeNames({ dataNode: node([1]) }, points)).toEqual(['SITE']);
  });

  it('says nothing for a point alone on its node or without a node', () => {
    expect(sameNodeText({ dataNode: node([]) }, points)).toBeNull();
    expect(sameNodeText({ dataNode: null }, points)).toBeNull();
    expect(sameNodeText({}, points)).toBeNull();
    expect(dataNodeDetail({ dataNode: null })).toBeNull();
  });

  it('spells hemispheres out and rounds, so no float noise reaches the reader', () => {
    expect(nodePosition({ lat: -33.90499999999, lon: -70.0000001 })).toBe('33.905° S, 70.000° W');
    expect(dataNodeDetail({ dataNode: node([]) })).toContain(
      'at its node 15.509° N, 109.939° E, 10.9 km away',
    );
  });

  it('joins names as a sentence', () => {
    expect(listOfNames([])).toBe('');
    expect(listOfNames(['A'])).toBe('A');
    expect(listOfNames(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
