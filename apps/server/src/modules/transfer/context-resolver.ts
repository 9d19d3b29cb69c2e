import type { TenantContext } from '../../http/context.js';
import type { SchemaContext } from '../schema-context/context.js';

/**
 * The table as a member sees it (SchemaContexts.context). Queued jobs (imports, exports, team
 * exports) carry the member's tenant instead of a context, and resolve it again in whichever process
 * runs them.
 */
export type ContextResolver = (
  tenant: TenantContext,
  appCode: string,
  schemaCode: string,
  adminMode: boolean,
) => Promise<SchemaContext>;
