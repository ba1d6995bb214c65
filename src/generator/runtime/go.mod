module oatool.dev/runtime

go 1.19
