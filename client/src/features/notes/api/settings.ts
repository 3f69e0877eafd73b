import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** How the server keeps notes: read once, then from the cache. */
export const SettingsDocument = graphql(`
  query Settings {
    settings {
      trashRetentionDays
    }
  }
`);

/** Days a note stays in the trash (0: forever); undefined until the server has said. */
export function useTrashRetentionDays(): number | undefined {
  const { data } = useQuery(SettingsDocument, { fetchPolicy: 'cache-first' });
  return data?.settings.trashRetentionDays;
}
