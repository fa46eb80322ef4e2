// What `npm start` builds (turbo arguments): every package under packages/, with the tools they
// need. That is the mock, the sandbox and the docs it serves, and every published package, so
// that each is importable once npm start is up, as its README says.
// Plain JS: it runs before anything is built.

/** `turbo run` arguments of `npm start`'s build step. */
export const START_BUILD = ['build', '--filter=./packages/*'];
