export interface Mentioned {
  memberId: string;
  name: string;
}

/** The members a comment still names: picked from the list and still written as @name in the text. */
export function mentionedIn(text: string, picked: Mentioned[]): string[] {
  return [...new Set(picked.filter((m) => text.includes(`@${m.name}`)).map((m) => m.memberId))];
}
