import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  ClientAttributes,
  FeaturePlan,
  ResourceServerScope,
  UserPool,
  type UserPoolDomain,
  type UserPoolClient,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { API_CLIENT_SCOPE, API_RESOURCE_SERVER } from '#shared/api/api-clients.js';
import { ROLE_LABELS, ROLES } from '#shared/roles.js';
import { TABLES } from '#shared/stores.js';
import { AUTH_TRIGGERS, PASSWORD_POLICY, VERIFY_BEFORE_UPDATE } from '../definitions.js';
import { declared, TRIGGER_GRANTS } from '../grants.js';
import { AppFunction } from './app-function.js';
import { acknowledge } from './nag.js';
import { applyGrants, type Stores } from './policy.js';

export interface AuthProps {
  /** Name of the SSM parameter holding the SPA's URL, read by the CustomMessage trigger. */
  appUrlParameterName: string;
}

/** What API functions may do to users: invite, inspect, change groups, delete (spec part 2). */
export const USER_ADMIN_ACTIONS = [
  'cognito-idp:DescribeUserPool',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
  'cognito-idp:ListUsersInGroup',
  // API clients: one app client (client credentials, a secret) per machine client of an organisation.
  'cognito-idp:CreateUserPoolClient',
  'cognito-idp:DeleteUserPoolClient',
] as const;

/**
 * The Cognito user pool: email is the sign-in name and is verified before sign-in, one group
 * per role, one app client for the SPA, and a CustomMessage trigger whose emails link into the SPA.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** The pool's domain: its `/oauth2/token` is where API clients get access tokens (client credentials). */
  readonly domain: UserPoolDomain;
  readonly customMessage: AppFunction;
  postAuthentication?: AppFunction;
  postConfirmation?: AppFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.customMessage = new AppFunction(this, 'CustomMessage', {
      handler: AUTH_TRIGGERS.CustomMessage.handler,
      description: 'Cognito CustomMessage trigger: verification, reset and invite emails with links into the SPA.',
      // Cognito waits 5 s for a trigger.
      timeout: Duration.seconds(5),
      memorySize: 256,
      environment: { APP_URL_PARAMETER: props.appUrlParameterName },
    }).grantParameterRead(props.appUrlParameterName);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: VERIFY_BEFORE_UPDATE.includes('email') },
      standardAttributes: { email: { required: true, mutable: true }, fullname: { required: false, mutable: true } },
      // Spec part 2 §9: the one password rule is a minimum length of 8.
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
        tempPasswordValidity: Duration.days(PASSWORD_POLICY.tempPasswordValidityDays),
      },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, this.customMessage.function);

    ROLES.forEach((role, precedence) => {
      new CfnUserPoolGroup(this, `Group-${role}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: role,
        description: ROLE_LABELS[role],
        precedence,
      });
    });

    this.client = this.userPool.addClient('WebClient', {
      // USER_PASSWORD_AUTH in both runtimes: cognito-local has no SRP (docs/twin.md).
      authFlows: { userPassword: true },
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      readAttributes: new ClientAttributes().withStandardAttributes({ email: true, emailVerified: true, fullname: true }),
      writeAttributes: new ClientAttributes().withStandardAttributes({ email: true, fullname: true }),
    });

    // API clients (lambdas/data/api-clients/): the resource server of the API and its one scope, which each
    // client's app client (created by the API, client credentials with a secret) may ask for; and the
    // domain that serves the token endpoint.
    const [, scopeName] = API_CLIENT_SCOPE.split('/');
    this.userPool.addResourceServer('ApiResourceServer', {
      identifier: API_RESOURCE_SERVER,
      userPoolResourceServerName: 'Payroll platform API',
      scopes: [new ResourceServerScope({ scopeName: scopeName!, scopeDescription: 'Call the routes open to API clients as the client organisation' })],
    });
    this.domain = this.userPool.addDomain('Domain', { cognitoDomain: { domainPrefix: `payroll-${Stack.of(this).account}` } });

    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'The binding spec (part 2 §5 and §9) sets one password rule, a minimum of 8 characters, and the SPA validates exactly that; composition rules would reject passwords the product promises to accept.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'The product has no MFA enrolment or challenge screens (spec part 2 §2); requiring MFA would lock every user out. Require it together with those screens.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'The Plus feature plan (threat protection) is billed per monthly active user; choosing it is a cost decision for the operator, made by setting featurePlan: FeaturePlan.PLUS.',
    );
  }

  /** The token endpoint of API clients, as /config.json names it. */
  get tokenUrl(): string {
    return `${this.domain.baseUrl()}/oauth2/token`;
  }

  /**
   * The PostAuthentication trigger, which records each sign-in's time in the directory table. Added
   * once the tables exist (the stack makes the pool first); its grant is TRIGGER_GRANTS' entry.
   */
  addPostAuthentication(stores: Stores): AppFunction {
    const def = AUTH_TRIGGERS.PostAuthentication;
    const fn = new AppFunction(this, 'PostAuthentication', {
      handler: def.handler,
      description: 'Cognito PostAuthentication trigger: records the time of each sign-in for the User Inspector.',
      // Cognito waits 5 s for a trigger.
      timeout: Duration.seconds(5),
      memorySize: 256,
    });
    for (const key of declared(def.uses).tables) fn.bindTable(TABLES[key], stores.tables[key] as Table);
    applyGrants(fn.role, TRIGGER_GRANTS[def.functionName], def.uses, stores, []);
    this.userPool.addTrigger(UserPoolOperation.POST_AUTHENTICATION, fn.function);
    this.postAuthentication = fn;
    return fn;
  }

  /** The PostConfirmation trigger: records when a self sign-up was confirmed. Added, as above, once the tables exist. */
  addPostConfirmation(stores: Stores): AppFunction {
    const def = AUTH_TRIGGERS.PostConfirmation;
    const fn = new AppFunction(this, 'PostConfirmation', {
      handler: def.handler,
      description: 'Cognito PostConfirmation trigger: records when a self sign-up was confirmed, for the User Inspector.',
      // Cognito waits 5 s for a trigger.
      timeout: Duration.seconds(5),
      memorySize: 256,
    });
    for (const key of declared(def.uses).tables) fn.bindTable(TABLES[key], stores.tables[key] as Table);
    applyGrants(fn.role, TRIGGER_GRANTS[def.functionName], def.uses, stores, []);
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, fn.function);
    this.postConfirmation = fn;
    return fn;
  }
}
