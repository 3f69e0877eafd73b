import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import 'graphiql/style.css';
import './graphiql-page.css';
import { readTheme, readToken } from '../lib/storage';

const fetcher = createGraphiQLFetcher({ url: '/graphql' });
const token = readToken();
const defaultHeaders = token ? JSON.stringify({ authorization: `Bearer ${token}` }, null, 2) : '';

const defaultQuery = `# Welcome to the Jotter GraphQL playground.
# Sign in to Jotter in this browser and your token is already in the headers below.
query MyNotes {
  me {
    firstName
    email
  }
  notes(first: 5) {
    totalCount
    nodes {
      id
      title
      tags
    }
  }
}
`;

const root = document.getElementById('graphiql');
if (!root) throw new Error('graphiql.html has no #graphiql element');
createRoot(root).render(
  <StrictMode>
    <GraphiQL
      fetcher={fetcher}
      defaultQuery={defaultQuery}
      headers={defaultHeaders}
      defaultEditorToolsVisibility={token ? 'headers' : false}
      forcedTheme={readTheme()}
    />
  </StrictMode>,
);
