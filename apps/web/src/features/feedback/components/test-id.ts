/** A test id on props typed without data attributes (antd's okButtonProps). */
export function testId(id: string): Record<`data-${string}`, string> {
  return { 'data-testid': id };
}
