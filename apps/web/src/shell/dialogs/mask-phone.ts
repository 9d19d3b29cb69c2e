/** Spec §5: a phone number shows its first 3 and last 3 digits. */
export function maskPhone(mobile: string): string {
  if (mobile.length <= 6) return mobile;
  return `${mobile.slice(0, 3)}${'*'.repeat(mobile.length - 6)}${mobile.slice(-3)}`;
}
