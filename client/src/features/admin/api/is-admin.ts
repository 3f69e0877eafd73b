import { graphql } from '../../../gql';

/** Whether the signed-in user is an admin (ADMIN_EMAILS), for the link to /admin. */
export const IsAdminDocument = graphql(`
  query IsAdmin {
    me {
      id
      isAdmin
    }
  }
`);
