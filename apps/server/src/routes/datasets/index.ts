// POST /api/datasets/ingest/ (ours): administrators register a hindcast file as a dataset serving zones.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  DATASET_UPLOAD_MAX_BYTES,
  datasetMessages,
  errorBody,
  ingestFields,
  ingestResult,
  messages,
  paths,
} from '@metocean/contracts';
import { callerOf } from '../../http/auth';
import { badRequest, HttpError } from '../../http/errors';
import * as datasets from '../../services/datasets';
import { errorResponses, type App, type RouteDeps } from '../types';

export function datasetRoutes(app: App, { services, auth }: RouteDeps): void {
  app.post(
    paths.datasetsIngest,
    {
      schema: {
        tags: ['datasets'],
        summary:
          'Administrators: register a NetCDF4/NetCDF3 grid or point file, a point CSV or a zipped Zarr store as a dataset serving zones (multipart: file, name, zones, licence, source, …)',
        consumes: ['multipart/form-data'],
        response: { 201: ingestResult, 413: errorBody, ...errorResponses },
      },
      preValidation: auth.required,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      datasets.requireSuperuser(caller); // before reading a byte of the upload
      if (!request.isMultipart()) throw badRequest({ nonFieldErrors: [datasetMessages.sendFile] });
      const folder = await datasets.uploadFolder(services);
      try {
        let upload: datasets.Upload | undefined;
        const fields: Record<string, string> = {};
        try {
          for await (const part of request.parts({
            limits: { fileSize: DATASET_UPLOAD_MAX_BYTES, files: 1, fields: 20 },
          })) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file') {
                part.file.resume();
                continue;
              }
              const fileName = datasets.safeFileName(part.filename);
              const target = path.join(folder, fileName);
              await pipeline(part.file, createWriteStream(target));
              upload = { folder, path: target, fileName };
            } else fields[part.fieldname] = String(part.value);
          }
        } catch (error) {
          if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new HttpError(413, {
              detail: datasetMessages.tooLarge(DATASET_UPLOAD_MAX_BYTES / 1024 / 1024),
            });
          throw error;
        }
        if (!upload) throw badRequest({ fieldErrors: { file: [messages.required] } });
        const parsed = ingestFields.safeParse(fields);
        if (!parsed.success) {
          const fieldErrors: Record<string, string[]> = {};
          for (const issue of parsed.error.issues)
            (fieldErrors[issue.path.join('.') || 'form'] ??= []).push(issue.message);
          throw badRequest({ fieldErrors });
        }
        const result = await datasets.ingestUpload(services, caller, upload, parsed.data);
        return reply.status(201).send(result);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  );
}
