import Type from 'typebox';
import { schemaPath, sessionEndpoints } from './endpoint.js';
import { SchemaParams } from './schemas.js';
import { SavedViewInfo, SaveViewBody, ViewInfo, ViewParams } from './views.js';

const schemaEndpoint = sessionEndpoints('schemas');

/** Saved views of a data table (the route /app/:appCode/:schemaCode/:viewCode lands on one). */
export const ViewEndpoints = {
  list: schemaEndpoint(
    'GET',
    `${schemaPath}/views`,
    "The table's public views and the member's personal ones",
    Type.Array(ViewInfo),
    {
      params: SchemaParams,
    },
  ),
  create: schemaEndpoint(
    'POST',
    `${schemaPath}/views`,
    "Create a view (public views need edit permission on the app); `withheld`: the fields members of some role won't get in it",
    SavedViewInfo,
    {
      params: SchemaParams,
      body: SaveViewBody,
    },
  ),
  update: schemaEndpoint(
    'PUT',
    `${schemaPath}/views/:viewCode`,
    "Change a view; `withheld`: the fields members of some role won't get in it",
    SavedViewInfo,
    {
      params: ViewParams,
      body: SaveViewBody,
    },
  ),
  remove: schemaEndpoint(
    'DELETE',
    `${schemaPath}/views/:viewCode`,
    'Delete a view (a table keeps at least one)',
    Type.Boolean(),
    {
      params: ViewParams,
    },
  ),
} as const;
