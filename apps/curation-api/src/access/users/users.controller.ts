// `/api/v1/auth/users` (spec 4.3, Admin): the media server's users and their roles.
import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentCaller, type Caller } from '../caller';
import { AdminOnly } from '../curation-roles';
import { SetRoleDto } from './dto/set-role.dto';
import { toUserView, UserView } from './user.view';
import { UsersService } from './users.service';

@ApiTags('auth')
@AdminOnly()
@Controller('api/v1/auth/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'Every user of the bound server (owner, friends, home), refreshed from plex.tv.' })
  @ApiOkResponse({ type: [UserView] })
  async list(): Promise<UserView[]> {
    return (await this.users.list()).map(toUserView);
  }

  @Put(':id/role')
  @ApiOperation({ summary: "Set a user's role; kept across roster refreshes and sign-ins." })
  @ApiOkResponse({ type: UserView })
  @ApiBadRequestResponse({ description: 'role is not Admin or Guest.' })
  @ApiNotFoundResponse({ description: 'No such user.' })
  @ApiConflictResponse({
    description: 'The owner, a configured admin or the last Admin would stop being Admin.',
  })
  async setRole(
    @Param('id') id: string,
    @Body() body: SetRoleDto,
    @CurrentCaller() caller: Caller,
  ): Promise<UserView> {
    return toUserView(await this.users.setRole(id, body.role, caller));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Forget a user and end their sessions (their Plex access is unchanged).' })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiNotFoundResponse({ description: 'No such user.' })
  async remove(@Param('id') id: string, @CurrentCaller() caller: Caller): Promise<void> {
    await this.users.remove(id, caller);
  }
}
