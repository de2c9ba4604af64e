import { FAILURE_SOURCES, type RulePack } from '../rule.js';

/** Where the messages come from. */
const SOURCES = [
  'googleapis/google-auth-library-nodejs src/auth/googleauth.ts ("Could not load the default credentials"), google-auth python exceptions.DefaultCredentialsError',
  'aws/aws-cli and botocore exceptions.NoCredentialsError ("Unable to locate credentials"), aws-sdk-js-v3 CredentialsProviderError ("Could not load credentials from any providers")',
  'Azure/azure-sdk-for-js identity CredentialUnavailableError, az CLI ("Please run \'az login\' to setup account")',
].join('; ');

/**
 * Cloud SDKs that found no credentials at all (issue 30): AUTH_REQUIRED, fatal. These are often
 * printed next to the timeout or retry loop they caused ("a credentials problem retried for 35
 * s"); the credential outranks the timeout by its tier. Counted in the failure's own words only,
 * like every auth marker (DESIGN.md).
 */
export const cloudAuthPack: RulePack = {
  id: 'cloud-auth',
  description: 'Cloud SDK credentials missing (Google, AWS, Azure)',
  rules: [
    {
      id: 'cloud-auth.no-credentials',
      type: 'AUTH_REQUIRED',
      source: SOURCES,
      sources: FAILURE_SOURCES,
      codes: ['CredentialsProviderError', 'NoCredentialsError', 'DefaultCredentialsError', 'CredentialUnavailableError'],
      phrases: [
        'could not load the default credentials', 'defaultcredentialserror', 'unable to locate credentials', 'nocredentialserror',
        'could not load credentials from any providers', 'credentialsprovidererror', 'credentialunavailableerror',
        "please run 'az login'",
      ],
    },
  ],
};
