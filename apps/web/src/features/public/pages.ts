// The public pages, one chunk for the three (they share their parts and the example charts).
export { DemoPage } from './DemoPage';
export { FeaturesPage } from './FeaturesPage';
export { FrontPage } from './FrontPage';
