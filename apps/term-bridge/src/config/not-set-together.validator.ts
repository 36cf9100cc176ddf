// Rejects a setting when another, mutually exclusive one is set too.
import { registerDecorator, type ValidationArguments } from 'class-validator';

export function NotSetTogetherWith(other: string): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'notSetTogetherWith',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [other],
      options: { message: `cannot be combined with ${other}; set one of them` },
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          value === undefined || (args.object as Record<string, unknown>)[other] === undefined,
      },
    });
  };
}
