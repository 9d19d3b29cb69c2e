import Type from 'typebox';
import { endpoint, schemaPath, sessionEndpoints } from './endpoint.js';
import {
  PrintBody,
  PrintDocument,
  PrintTemplate,
  PrintTemplateList,
  PrintTemplateParams,
  SavePrintTemplateBody,
} from './print.js';
import { SchemaParams } from './schemas.js';

const printEndpoint = sessionEndpoints('print');

/** A table's print templates (its designers manage them) and printing records (whoever may view them). */
export const PrintEndpoints = {
  list: printEndpoint('GET', `${schemaPath}/print-templates`, "A table's print templates", PrintTemplateList, {
    params: SchemaParams,
  }),
  create: printEndpoint('POST', `${schemaPath}/print-templates`, 'Add a print template (designers)', PrintTemplate, {
    params: SchemaParams,
    body: SavePrintTemplateBody,
  }),
  get: printEndpoint('GET', `${schemaPath}/print-templates/:templateId`, 'One print template', PrintTemplate, {
    params: PrintTemplateParams,
  }),
  save: printEndpoint(
    'PUT',
    `${schemaPath}/print-templates/:templateId`,
    'Save a print template (designers)',
    PrintTemplate,
    {
      params: PrintTemplateParams,
      body: SavePrintTemplateBody,
    },
  ),
  remove: printEndpoint(
    'DELETE',
    `${schemaPath}/print-templates/:templateId`,
    'Delete a print template (designers)',
    Type.Object({ id: Type.String() }),
    { params: PrintTemplateParams },
  ),
  document: printEndpoint(
    'POST',
    `${schemaPath}/print/document`,
    "Records laid out for printing, within the viewer's field and row rules (at most 200)",
    PrintDocument,
    { params: SchemaParams, body: PrintBody },
  ),
  /** Answers the PDF itself (application/pdf), not the JSON envelope. */
  pdf: endpoint({
    method: 'POST',
    path: `${schemaPath}/print/pdf`,
    summary: "Records printed to a PDF, within the viewer's field and row rules (at most 200)",
    tags: ['print'],
    auth: 'session',
    params: SchemaParams,
    body: PrintBody,
    response: Type.String({ description: 'the PDF' }),
  }),
} as const;
