import { TeamExportEndpoints } from '@canopy/contract';
import { call } from '../../../shell/api/client';

/**
 * A team's data export. Without team headers: the team may be closed (its owner still exports it)
 * and need not be the one the user works in.
 */
export const teamExportApi = {
  start: (engineCode: string) =>
    call(TeamExportEndpoints.start, { params: { engineCode }, tenant: false, errors: 'inline' }),
  get: (engineCode: string, jobId: string) =>
    call(TeamExportEndpoints.get, { params: { engineCode, jobId }, tenant: false, errors: 'inline' }),
  latest: (engineCode: string) =>
    call(TeamExportEndpoints.latest, { params: { engineCode }, tenant: false, errors: 'inline' }),
};
