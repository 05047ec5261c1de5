// Server state of the calibration feature (issue 33): the preview of a fit (nothing stored) and the creation of
// the calibrated variant, after which the project is read again (the variant is one more point).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  calibrationPreview,
  paths,
  point,
  type CalibratePointRequest,
  type CalibrationPreview,
  type Point,
} from '@metocean/contracts';
import { apiRequest } from '../../api/client';
import { projectKeys } from '../projects/queries';

export interface CalibrationInput {
  pointId: number;
  request: CalibratePointRequest;
}

export function usePreviewCalibration() {
  return useMutation<CalibrationPreview, Error, CalibrationInput>({
    mutationFn: ({ pointId, request }) =>
      apiRequest(paths.pointCalibratePreview(pointId), {
        method: 'POST',
        body: request,
        schema: calibrationPreview,
        forbidden: 'throw',
      }),
  });
}

export function useCreateCalibration() {
  const client = useQueryClient();
  return useMutation<Point, Error, CalibrationInput>({
    mutationFn: ({ pointId, request }) =>
      apiRequest(paths.pointCalibrate(pointId), {
        method: 'POST',
        body: request,
        schema: point,
        forbidden: 'throw',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
