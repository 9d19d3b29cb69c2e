import { CustomPageEndpoints, type SaveCustomPageBody } from '@canopy/contract';
import { call } from '../../../shell/api/client';

export const customPageKeys = {
  page: (e: string, a: string, code: string) => ['custom-pages', e, a, code] as const,
};

type P = { appCode: string; code: string };
const inline = { errors: 'inline' } as const;

export const customPagesApi = {
  get: (p: P) => call(CustomPageEndpoints.get, { params: p, ...inline }),
  save: (p: P, body: SaveCustomPageBody) => call(CustomPageEndpoints.save, { params: p, body, ...inline }),
};
