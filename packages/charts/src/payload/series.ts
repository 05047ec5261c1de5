// Payloads of the time series (TS, CTS) and of the full record (EFT), drawn by ../series.ts.
import { TIME_UNITS, infoOf, label, withUnits, type PayloadBuilder } from './context';
import { array, list, nums, obj, str, type Arrays } from './read';

/** TS: the display series of one field. */
export const timeSeriesPayload: PayloadBuilder = (result, { field, target }) => {
  const r = obj(result);
  const name = target.field ?? '';
  return {
    arrays: {
      time: array(nums(r.time), ['time'], TIME_UNITS, 'time'),
      [name]: array(nums(r.values), ['time'], field.units, label(field)),
    },
    kwargs: { xName: 'time', yName: name, xLabel: 'Time (UTC)', yLabel: withUnits(field) },
  };
};

/** CTS: two display series with their own times, on the left and right axes. */
export const concomitantPayload: PayloadBuilder = (result, { field, partner, target }) => {
  const r = obj(result);
  const left = obj(r.left);
  const right = obj(r.right);
  const name = target.field ?? '';
  const other = target.partner ?? '';
  return {
    arrays: {
      [`${name}_time`]: array(nums(left.time), [`${name}_time`], TIME_UNITS, 'time'),
      [name]: array(nums(left.values), [`${name}_time`], field.units, label(field)),
      [`${other}_time`]: array(nums(right.time), [`${other}_time`], TIME_UNITS, 'time'),
      [other]: array(nums(right.values), [`${other}_time`], partner.units, label(partner)),
    },
    kwargs: {
      xName: `${name}_time`,
      yName: name,
      y2Name: other,
      x2Name: `${other}_time`,
      xLabel: 'Time (UTC)',
      yLabel: withUnits(field),
      y2Label: withUnits(partner),
      partner: other,
    },
  };
};

/** EFT: every field of the point at full resolution, on one time axis. */
export const allSeriesPayload: PayloadBuilder = (result, { fields }) => {
  const r = obj(result);
  const arrays: Arrays = { time: array(nums(r.time), ['time'], TIME_UNITS, 'time') };
  for (const field of list(r.fields)) {
    const info = infoOf(fields, str(field.name));
    arrays[str(field.name)] = array(
      nums(field.values),
      ['time'],
      str(field.units) || info.units,
      label(info),
    );
  }
  return { arrays, kwargs: { xName: 'time', xLabel: 'Time (UTC)' } };
};
