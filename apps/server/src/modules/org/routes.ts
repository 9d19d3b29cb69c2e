import { OrgEndpoints } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import type { DepartmentService } from './departments-service.js';
import type { MemberService } from './members-service.js';

export function orgRoutes(app: FastifyInstance, departments: DepartmentService, members: MemberService): void {
  const E = OrgEndpoints;
  const ok = async (work: Promise<void>) => {
    await work;
    return true;
  };
  route(app, E.memberPage, async ({ req, body }) => members.page(req.tenant, body));
  route(app, E.userInfo, async ({ req, params }) => members.userInfo(req.tenant, params.id));
  route(app, E.membersByIds, async ({ req, body }) => members.byIds(req.tenant, body.ids));
  route(app, E.departmentsByIds, async ({ req, body }) => departments.byIds(req.tenant, body.ids));
  route(app, E.root, async ({ req }) => departments.root(req.tenant));
  route(app, E.children, async ({ req, params }) => departments.children(req.tenant, params.id));
  route(app, E.remove, async ({ req, params }) => ok(departments.deleteDepartment(req.tenant, params.id)));
  route(app, E.create, async ({ req, body }) => departments.createDepartment(req.tenant, body));
  route(app, E.update, async ({ req, body }) => departments.updateDepartment(req.tenant, body));
  route(app, E.members, async ({ req, params }) => members.departmentMembers(req.tenant, params.id, 'ACTIVE'));
  route(app, E.resetSortKeys, async ({ req, body }) => ok(departments.resetSortKeys(req.tenant, body.parentId)));
  route(app, E.inactive, async ({ req, params }) => members.departmentMembers(req.tenant, params.id, 'INACTIVE'));
  route(app, E.changeOwner, async ({ req, body }) => ok(members.changeOwner(req.tenant, body.memberId)));
  route(app, E.getPrivacy, async ({ req }) => members.getPrivacy(req.tenant));
  route(app, E.setPrivacy, async ({ req, body }) => ok(members.setPrivacy(req.tenant, body.privacyItems)));
  route(app, E.mainDepartment, async ({ req, body }) =>
    ok(members.setMainDepartment(req.tenant, body.memberId, body.departmentId)),
  );
  route(app, E.setDepartments, async ({ req, body }) =>
    ok(members.setDepartments(req.tenant, body.memberId, body.departmentIds)),
  );
  route(app, E.setRole, async ({ req, body }) => ok(members.setRole(req.tenant, body.memberId, body.role)));
  route(app, E.setState, async ({ req, body }) => ok(members.setState(req.tenant, body.memberId, body.state)));
  route(app, E.setFeatures, async ({ req, body }) => ok(members.setFeatures(req.tenant, body.featureList)));
}
