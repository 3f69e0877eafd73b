import { graphql } from '../../../gql';

/** The signed-in user's profile. */
export const MeDocument = graphql(`
  query Me {
    me {
      id
      firstName
      lastName
      email
      createdAt
    }
  }
`);
