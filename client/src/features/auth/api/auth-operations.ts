import { graphql } from '../../../gql';

/** Signs in with email and password (and the two-factor code, for an account with it on). */
export const LoginDocument = graphql(`
  mutation Login($email: String!, $password: String!, $code: String) {
    login(email: $email, password: $password, code: $code) {
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
