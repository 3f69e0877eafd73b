import {
  GraphQLError,
  Kind,
  specifiedRules,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * What one GraphQL document may ask, over HTTP and over the WebSocket. Jotter's own documents
 * hold under 200 tokens and one field at their top level; the limits leave room for any honest
 * client and refuse, before any work, a document made to keep the server busy (thousands of
 * aliases of a field, or nesting deep enough to exhaust the parser's stack).
 */
export const maxTokens = 2000;
export const maxRootFields = 20;

/** For graphql-js's `parse` (and Apollo Server's `parseOptions`). */
export const parseOptions = { maxTokens };

/** How many fields `selections` asks for at its own level, through fragments. */
function countFields(
  context: ValidationContext,
  selections: SelectionSetNode,
  seen: Set<string>,
): number {
  let count = 0;
  for (const selection of selections.selections) {
    if (selection.kind === Kind.FIELD) count += 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += countFields(context, selection.selectionSet, seen);
    } else if (!seen.has(selection.name.value)) {
      // A fragment spread twice at one level asks for its fields once.
      seen.add(selection.name.value);
      const fragment = context.getFragment(selection.name.value);
      if (fragment) count += countFields(context, fragment.selectionSet, seen);
    }
  }
  return count;
}

/** Refuses an operation asking for more than `maxRootFields` fields at its top level. */
export const rootFieldLimit: ValidationRule = (context) => ({
  OperationDefinition(operation) {
    const count = countFields(context, operation.selectionSet, new Set());
    if (count > maxRootFields) {
      context.reportError(
        new GraphQLError(
          `The operation asks for ${count} fields at its top level; at most ${maxRootFields} are allowed.`,
          { nodes: operation },
        ),
      );
    }
  },
});

/** The rules Jotter adds to graphql-js's own (Apollo Server's `validationRules`). */
export const validationRules = [rootFieldLimit];

/** graphql-js's rules and Jotter's, for a `validate` of its own (the WebSocket server's). */
export const allValidationRules = [...specifiedRules, ...validationRules];
