-- usernames are unique ignoring case: "Admin" cannot be created beside "admin"
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" (lower("username"));
