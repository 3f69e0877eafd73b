import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import {
  execute,
  getVariableValues,
  GraphQLError,
  OperationTypeNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/**
 * Runs Apollo Server's validated operations through graphql-jit instead of graphql-js's
 * interpreter. Apollo still parses, validates and formats errors; only execution changes. Each
 * operation is compiled once, to plain JavaScript that resolves and completes its fields without
 * graphql-js's per-field bookkeeping (argument coercion, type checks, path objects), which was
 * most of the time a list of notes spent in graphql-js (see the README's Performance section).
 *
 * Only queries are compiled. graphql-js still picks the operation and coerces the variables, so a
 * client's mistake there gets graphql-js's own words, and Apollo still answers it 400
 * BAD_USER_INPUT.
 *
 * Compiled operations are kept per operation node of the parsed document. Apollo's document store
 * hands back the same document object for the same query text, so a cached query is compiled
 * once; a document the store has dropped takes its compiled code with it.
 */
export function compiledExecutor(schema: GraphQLSchema): GatewayExecutor {
  const compiled = new WeakMap<OperationDefinitionNode, CompiledQuery | ExecutionResult>();

  return async (requestContext) => {
    const { document, operation: definition, operationName, context, request } = requestContext;
    // No operation to run (none named so, or several and no name): graphql-js says which.
    // Mutations run in graphql-js too: after a field fails, graphql-jit runs the next mutation
    // field of the document, where graphql-js (and the GraphQL spec) stop. They are few and small.
    if (definition?.operation !== OperationTypeNode.QUERY) {
      return execute({
        schema,
        document,
        operationName: request.operationName,
        contextValue: context,
        variableValues: request.variables,
      });
    }
    const variables = getVariableValues(
      schema,
      definition.variableDefinitions ?? [],
      request.variables ?? {},
    );
    if (variables.errors) return { errors: variables.errors };
    let operation = compiled.get(definition);
    if (!operation) {
      operation = compileQuery(schema, document, operationName ?? undefined);
      compiled.set(definition, operation);
    }
    // A document that cannot be compiled answers with the errors graphql-js would give.
    if (!isCompiledQuery(operation)) return withGraphQLErrors(operation);
    return withGraphQLErrors(await operation.query(undefined, context, variables.coerced));
  };
}

/**
 * graphql-jit's errors imitate graphql-js's but leave `extensions` undefined, where Apollo reads
 * `extensions.code`: each becomes a real GraphQLError, with the same message, place and cause.
 */
function withGraphQLErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  const errors = result.errors.map((e) => {
    const error = new GraphQLError(e.message, {
      path: e.path,
      originalError: e.originalError ?? undefined,
      extensions: e.extensions ?? undefined,
    });
    return Object.assign(error, { locations: e.locations });
  });
  return { ...result, errors };
}

/**
 * The gateway interface is Apollo Server's one hook for supplying an executor: this "gateway"
 * serves a fixed local schema and executes it with {@link compiledExecutor}.
 */
export function localCompiledGateway(schema: GraphQLSchema): GatewayInterface {
  return {
    load: () => Promise.resolve({ executor: compiledExecutor(schema) }),
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    stop: () => Promise.resolve(),
  };
}
