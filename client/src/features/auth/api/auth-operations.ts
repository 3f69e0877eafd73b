import { graphql } from '../../../gql';

/** Signs in with email and password. */
export const LoginDocument = graphql(`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      token
      user {
        id
        firstName
        lastName
        email
        createdAt
        updatedAt
      }
    }
  }
`);

/** Creates an account. */
export const SignupDocument = graphql(`
  mutation Signup($input: SignupInput!) {
    signup(input: $input) {
      token
      user {
        id
      }
    }
  }
`);

/** Revokes the current token on the server. */
export const LogoutDocument = graphql(`
  mutation Logout {
    logout
  }
`);
