// Static files of the AWD help (spec 001 §2.5, §7), written by scripts/awd-assets.ts (issue 22) into
// apps/web/public/help/advanced_weather_downtime/ and served with the SPA.
export const AWD_ASSETS = {
  template: '/help/advanced_weather_downtime/planning_template.xlsx',
  exampleOutputs: '/help/advanced_weather_downtime/example_outputs.zip',
} as const;

export const GUIDE_PATH = '/help/advanced_weather_downtime/';
