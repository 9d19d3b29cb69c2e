/** English texts of a data table's API page (issue 17). */
export const enApiDocs = {
  button: 'API',
  title: 'API of "{{name}}"',
  tokenHint:
    'Create a token in Account settings → API tokens first, and send it as Authorization: Bearer <token>. A token has exactly your rights: fields and records you cannot see stay hidden through the API too.',
  address: 'Address',
  docLink: 'The complete API document (OpenAPI):',
  fields: 'Fields',
  fieldName: 'Field',
  apiName: 'API name',
  type: 'Type',
  shape: 'JSON shape',
  readOnly: 'read only',
  nullEmpties:
    'On writes, null empties a field and leaving it out keeps it; read-only fields are computed by the system.',
  examples: 'Examples',
  calls: {
    list: 'List',
    query: 'Query',
    get: 'Get one',
    create: 'Create',
    update: 'Update',
    delete: 'Delete',
    batch: 'Batch',
    upload: 'Upload a file',
  },
  explain: {
    list: "Records newest first, a page at a time; pass the previous page's nextCursor for the next one.",
    query: 'Filters and sorts in the same model as views, up to 500 records a page.',
    get: 'One record by its id.',
    create: 'Creates a record; data holds field values by API name.',
    update: 'Changes some fields of a record; version is the one you read, a newer one answers 409.',
    delete: "Deletes a record; with version it never deletes a change you haven't seen.",
    batch: 'Creates, updates and deletes up to 1,000 records in one transaction: all or nothing.',
    upload:
      'For attachment and image fields, upload the file first (read-write token), then put the id it answers into the field; add ?kind=image for images.',
  },
};
