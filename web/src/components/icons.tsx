// Every icon. They live in two modules so a first load carries only the app shell's few:
// code in the shell (navigation, help bar, error pages, and what they import) imports from
// './shell-icons' directly, since importing this file pulls in every icon; pages import
// from here.
export * from './shell-icons'
export * from './page-icons'
