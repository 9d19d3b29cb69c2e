import Type from 'typebox';
import { endpoint, schemaPath, sessionEndpoints } from './endpoint.js';
import {
  ChangeFieldTypeBody,
  CreateFieldBody,
  FieldOrderBody,
  FieldParams,
  FieldRemoval,
  FieldSaved,
  FieldTypeChange,
  FormLayout,
  FormulaJob,
  FormulaJobParams,
  RemoveFieldQuery,
  SchemaAccess,
  SchemaInfo,
  SchemaParams,
  UpdateFieldBody,
  UpdateSchemaBody,
} from './schemas.js';

const schemaEndpoint = sessionEndpoints('schemas');

export const SchemaEndpoints = {
  get: schemaEndpoint('GET', schemaPath, 'A data table with its fields', SchemaInfo, { params: SchemaParams }),
  update: schemaEndpoint(
    'PUT',
    schemaPath,
    'Title field and record permissions (edit permission on the app)',
    SchemaInfo,
    {
      params: SchemaParams,
      body: UpdateSchemaBody,
    },
  ),
  access: schemaEndpoint(
    'GET',
    `${schemaPath}/permission`,
    "The member's record permissions on the table",
    SchemaAccess,
    {
      params: SchemaParams,
    },
  ),
  addField: schemaEndpoint('POST', `${schemaPath}/fields`, 'Add a field (a new column)', FieldSaved, {
    params: SchemaParams,
    body: CreateFieldBody,
  }),
  orderFields: schemaEndpoint('PUT', `${schemaPath}/fields/order`, 'Put the fields in this order', SchemaInfo, {
    params: SchemaParams,
    body: FieldOrderBody,
  }),
  updateField: schemaEndpoint(
    'PUT',
    `${schemaPath}/fields/:fieldCode`,
    'Rename a field or change its settings',
    FieldSaved,
    {
      params: FieldParams,
      body: UpdateFieldBody,
    },
  ),
  changeFieldType: schemaEndpoint(
    'POST',
    `${schemaPath}/fields/:fieldCode/type`,
    'Change a field type, converting what converts; lists the rows that would lose data unless forced',
    FieldTypeChange,
    { params: FieldParams, body: ChangeFieldTypeBody },
  ),
  removeField: endpoint({
    method: 'DELETE',
    path: `${schemaPath}/fields/:fieldCode`,
    summary:
      'Delete a field (restorable; its data is kept). Row rules naming it are listed and keep using its column; while any does, only `force` deletes',
    tags: ['schemas'],
    auth: 'session',
    params: FieldParams,
    query: RemoveFieldQuery,
    response: FieldRemoval,
  }),
  form: schemaEndpoint(
    'GET',
    `${schemaPath}/form`,
    "The table's form design (every field in order until arranged)",
    FormLayout,
    {
      params: SchemaParams,
    },
  ),
  saveForm: schemaEndpoint(
    'PUT',
    `${schemaPath}/form`,
    'Save the form design (edit permission on the app)',
    FormLayout,
    {
      params: SchemaParams,
      body: FormLayout,
    },
  ),
  restoreField: schemaEndpoint(
    'POST',
    `${schemaPath}/fields/:fieldCode/restore`,
    'Restore a deleted field with its data',
    FieldSaved,
    {
      params: FieldParams,
    },
  ),
  formulaJobs: schemaEndpoint(
    'GET',
    `${schemaPath}/formula-jobs`,
    "The table's formula computations that are running or ended in the last minute (edit permission)",
    Type.Array(FormulaJob),
    { params: SchemaParams },
  ),
  formulaJob: schemaEndpoint(
    'GET',
    `${schemaPath}/formula-jobs/:jobId`,
    'One formula computation and its progress (edit permission)',
    FormulaJob,
    { params: FormulaJobParams },
  ),
} as const;
