import { describe, expect, it } from 'vitest';
import { teamHomeUrl } from './team-url';

const here = { protocol: 'https:', port: '', hostname: 'app.example.com' } as Location;

describe('team switch target', () => {
  it('stays on this origin without a root domain or in a private deployment', () => {
    expect(teamHomeUrl('e1', { rootDomain: '', privateDeployment: false }, here)).toBe('/home?engineCode=e1');
    expect(teamHomeUrl('e1', { rootDomain: 'example.com', privateDeployment: true }, here)).toBe('/home?engineCode=e1');
  });

  it("goes to the team's sub-domain of the root domain, keeping protocol and port", () => {
    expect(teamHomeUrl('e1', { rootDomain: '.example.com', privateDeployment: false }, here)).toBe(
      'https://e1.example.com/home?engineCode=e1',
    );
    expect(
      teamHomeUrl('e2', { rootDomain: 'canopy.local', privateDeployment: false }, {
        ...here,
        protocol: 'http:',
        port: '8080',
      } as Location),
    ).toBe('http://e2.canopy.local:8080/home?engineCode=e2');
  });
});
