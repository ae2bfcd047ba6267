import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccountRecovery, ClientAttributes, FeaturePlan, Mfa, UserPool, type UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLES } from '#shared/stores.js';
import { EMPLOYEE_AUTH_SESSION_MINUTES, EMPLOYEE_AUTH_TRIGGERS, EMPLOYEE_TOKENS, type EventUses } from '../definitions.js';
import { declared, TRIGGER_GRANTS } from '../grants.js';
import { AppFunction } from './app-function.js';
import { acknowledge } from './nag.js';
import { applyGrants, type Stores } from './policy.js';

/** Cognito actions the code route may take on the employees' pool (lambdas/data/employee-sign-in/employee-users.ts). */
export const EMPLOYEE_ADMIN_ACTIONS = ['cognito-idp:AdminGetUser', 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword'] as const;

/**
 * The employees' own user pool: civil servants on PMEC's register sign in with a code texted to the
 * register's mobile (POST /api/employee/code sends it), checked by Cognito's custom challenge triggers
 * (the flow of aws-samples/amazon-cognito-passwordless-auth). A pool of their own, so the staff API's
 * authorizer refuses their tokens outright and the employee routes take only theirs. Its one client signs
 * in by the custom challenge only, hides which users exist, and gives a step 3 minutes.
 */
export class EmployeeAuth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly functions: AppFunction[] = [];
  readonly verify: AppFunction;

  constructor(scope: Construct, id: string, props: { stores: Stores }) {
    super(scope, id);
    const trigger = (name: keyof typeof EMPLOYEE_AUTH_TRIGGERS, description: string) => {
      const def = EMPLOYEE_AUTH_TRIGGERS[name];
      // Cognito waits 5 s for a trigger.
      const fn = new AppFunction(this, name, { handler: def.handler, description, timeout: Duration.seconds(5), memorySize: 256 });
      const uses: EventUses = def.uses;
      for (const key of declared(uses).tables) fn.bindTable(TABLES[key], props.stores.tables[key] as Table);
      applyGrants(fn.role, TRIGGER_GRANTS[def.functionName] ?? {}, uses, props.stores, []);
      this.functions.push(fn);
      return fn;
    };
    const define = trigger('DefineAuthChallenge', 'Employees’ sign-in: the next step (the texted code, tokens, or the end after three wrong codes).');
    const create = trigger('CreateAuthChallenge', 'Employees’ sign-in: asks for the code POST /api/employee/code texted.');
    this.verify = trigger('VerifyAuthChallengeResponse', 'Employees’ sign-in: checks the answer against the NRC’s live code (hashed, 5 minutes, 3 tries).');

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { username: true },
      selfSignUpEnabled: false,
      mfa: Mfa.OFF,
      accountRecovery: AccountRecovery.NONE,
      // Passwords exist only because Cognito needs one to confirm a user: random, never told, never usable.
      passwordPolicy: { minLength: 12, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: true },
      featurePlan: FeaturePlan.ESSENTIALS,
      lambdaTriggers: { defineAuthChallenge: define.function, createAuthChallenge: create.function, verifyAuthChallengeResponse: this.verify.function },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.client = this.userPool.addClient('EmployeeWebClient', {
      authFlows: { custom: true },
      generateSecret: false,
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      authSessionValidity: Duration.minutes(EMPLOYEE_AUTH_SESSION_MINUTES),
      idTokenValidity: Duration.minutes(EMPLOYEE_TOKENS.idMinutes),
      accessTokenValidity: Duration.minutes(EMPLOYEE_TOKENS.accessMinutes),
      refreshTokenValidity: Duration.days(EMPLOYEE_TOKENS.refreshDays),
      readAttributes: new ClientAttributes(),
      writeAttributes: new ClientAttributes(),
    });
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'Employees sign in with a one-time code texted to the payroll register’s mobile: possession of that phone is the factor; there is no password to add a second factor to.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'The Plus feature plan (threat protection) is billed per monthly active user; choosing it is a cost decision for the operator, made by setting featurePlan: FeaturePlan.PLUS.',
    );
  }
}
