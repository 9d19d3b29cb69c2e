/** Query keys of the shell's server state, in one place so invalidation cannot miss one. */
export const sessionKeys = {
  basicUser: ['session', 'basic-user'] as const,
  engines: ['session', 'engines'] as const,
  features: (engineCode: string) => ['session', 'features', engineCode] as const,
  unreadCount: (engineCode: string) => ['notices', 'unread-count', engineCode] as const,
  systemInfo: ['system', 'info'] as const,
};
