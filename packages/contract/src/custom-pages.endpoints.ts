import { CustomPageInfo, CustomPageParams, SaveCustomPageBody } from './custom-pages.js';
import { sessionEndpoints } from './endpoint.js';

const pageEndpoint = sessionEndpoints('pages');

/** A custom page (UserModule node): read as the viewer may see it, saved by the app's designers. */
export const CustomPageEndpoints = {
  get: pageEndpoint(
    'GET',
    '/v1/apps/:appCode/pages/:code',
    'A custom page and the blocks the viewer may see',
    CustomPageInfo,
    { params: CustomPageParams },
  ),
  save: pageEndpoint(
    'PUT',
    '/v1/apps/:appCode/pages/:code',
    "Save a custom page's blocks, layout and visibility (the app's designers)",
    CustomPageInfo,
    { params: CustomPageParams, body: SaveCustomPageBody },
  ),
} as const;
