// Rejects a switch that is safe only while the service listens on this machine's loopback
// interface alone (HOST), such as running without a key.
import { registerDecorator, type ValidationArguments } from 'class-validator';
import { isLoopbackName } from '../auth/local-request';

export function OnlyWithLoopbackHost(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'onlyWithLoopbackHost',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message:
          'requires HOST to be a loopback address (127.0.0.1, ::1 or localhost): without a key, anyone who reaches the port types into your shells',
      },
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          const host = (args.object as Record<string, unknown>)['HOST'];
          return value !== true || (typeof host === 'string' && isLoopbackName(host));
        },
      },
    });
  };
}
