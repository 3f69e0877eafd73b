// graphql-ws publishes `graphql-ws/use/ws` through its package.json "exports" only, which the
// server's `moduleResolution: node` cannot see (Node, tsx, jest and esbuild all can, at run time).
// This points the type checker at the same declarations.
declare module 'graphql-ws/use/ws' {
  export * from 'graphql-ws/dist/use/ws';
}
