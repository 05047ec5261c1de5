// The example payloads: computed by the engine on the shipped ERA5 record and written once by
// packages/charts/scripts/era5-examples.ts, so the pages that show them need no server call.
import { statIdParts, type VisuPayload } from '@metocean/contracts';
import examples from './era5-examples.json';
import type { ExampleText } from './content';

export const payloads = examples as unknown as VisuPayload[];

export const payloadOf = (id: string) => payloads.find((p) => statIdParts(p.kwargs.statId).id === id);

/** APD draws its laws over the histogram of the same record. */
export const companionOf = (example: Pick<ExampleText, 'id'>) =>
  example.id === 'APD' ? payloadOf('EPD') : undefined;
