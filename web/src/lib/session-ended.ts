/**
 * Whether the API said 401 to a signed-in screen (the session expired or was signed out
 * elsewhere; issue 15, point 7). Set by the app's 401 listener (app/providers.tsx), read by the
 * sign-in guard (it then tells /login why), cleared once someone is signed in again.
 */
let hasEnded = false;

export const markSessionEnded = () => {
  hasEnded = true;
};
export const clearSessionEnded = () => {
  hasEnded = false;
};
export const isSessionEnded = () => hasEnded;
