// A chart's PNG under a heading of text lines (the buoy comparison's download, issue 30: the PNG says which
// project, point, period and metrics it shows, so it stands alone in a report or an e-mail).

const LINE_PX = 36;
const FONT = '26px Roboto, Helvetica, Arial, sans-serif';

/** The PNG data URL of `chart` (a data URL, e.g. ECharts' at pixel ratio 2) with `lines` written above it. */
export async function pngWithHeading(chart: string, lines: readonly string[]): Promise<string> {
  const image = new Image();
  image.src = chart;
  await image.decode();
  const canvas = document.createElement('canvas');
  const heading = 24 + lines.length * LINE_PX;
  const context = canvas.getContext('2d');
  if (!context) return chart;
  context.font = FONT;
  const widest = Math.max(...lines.map((line) => context.measureText(line).width));
  canvas.width = Math.max(image.width, Math.ceil(widest) + 48);
  canvas.height = image.height + heading;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#1f2937';
  context.font = FONT;
  context.textBaseline = 'top';
  lines.forEach((line, i) => context.fillText(line, 24, 16 + i * LINE_PX));
  context.drawImage(image, Math.round((canvas.width - image.width) / 2), heading);
  return canvas.toDataURL('image/png');
}
