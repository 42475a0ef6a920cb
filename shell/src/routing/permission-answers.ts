import type { AccessRights } from '@loyalty/shared/api';
import { loadApi, sessionStore } from '@loyalty/shared/session';

// Apart from the gate, which renders with Chakra: the bootstrap asks for the page the member
// landed on before the application (and Chakra) has been evaluated.

/** Answers per path, so returning to a page does not ask again; forgotten when the member changes. */
const answers = new Map<string, AccessRights>();
const questions = new Map<string, Promise<AccessRights>>();
sessionStore.subscribe((state, previous) => {
  // Not when the session is restored at start-up: an answer asked for meanwhile is this member's.
  if (previous.user && state.user?.Id !== previous.user.Id) {
    answers.clear();
    questions.clear();
  }
});

/** What the server answered for `path`, if it has. */
export function knownPermission(path: string): AccessRights | undefined {
  return answers.get(path);
}

/** Asks the server whether the member may open `path`: once at a time, whoever asks. */
export function askPermission(path: string): Promise<AccessRights> {
  let question = questions.get(path);
  if (!question) {
    const asked = loadApi()
      .then(({ checkPermissions }) => checkPermissions({ path }))
      .then((rights) => {
        // Kept only if the member has not changed since.
        if (questions.get(path) === asked) answers.set(path, rights);
        return rights;
      });
    const forget = () => {
      if (questions.get(path) === asked) questions.delete(path);
    };
    void asked.then(forget, forget);
    question = asked;
    questions.set(path, asked);
  }
  return question;
}
